import {
  ACCOUNT_PATHS,
  api,
  type PasswordChangeRequest,
  type PasswordResetDoRequest,
  type PasswordResetRequest,
} from '@dating/shared';

export const passwordApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountRequestPasswordReset: build.mutation<null, PasswordResetRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.passwordReset, method: 'POST', body }),
    }),
    accountResetPassword: build.mutation<null, PasswordResetDoRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.passwordResetDo, method: 'POST', body }),
    }),
    accountChangePassword: build.mutation<null, PasswordChangeRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.password, method: 'PUT', body }),
    }),
  }),
});

export const {
  useAccountRequestPasswordResetMutation,
  useAccountResetPasswordMutation,
  useAccountChangePasswordMutation,
} = passwordApi;

import {
  ACCOUNT_PATHS,
  api,
  type TokenRequest,
  type MailChangeDoResponse,
  type MailChangeRequest,
} from '@dating/shared';

export const mailChangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountRequestMailChange: build.mutation<null, MailChangeRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.mailChange, method: 'POST', body }),
    }),
    accountConfirmMailChange: build.mutation<MailChangeDoResponse, TokenRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.mailChangeDo, method: 'POST', body }),
      invalidatesTags: ['User', 'Notifications'],
    }),
  }),
});

export const { useAccountRequestMailChangeMutation, useAccountConfirmMailChangeMutation } = mailChangeApi;

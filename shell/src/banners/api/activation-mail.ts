import { ACCOUNT_PATHS, api } from '@dating/shared';

/** "Send the link again" of the activation reminder (alert and modal). */
export const activationMailApi = api.injectEndpoints({
  endpoints: (build) => ({
    shellResendActivation: build.mutation<null, void>({
      query: () => ({ url: ACCOUNT_PATHS.activationMail, method: 'POST' }),
    }),
  }),
});

export const { useShellResendActivationMutation } = activationMailApi;

import { ACCOUNT_PATHS, api, type TokenRequest, type UserAnswer } from '@dating/shared';
import { startSession } from '../../../lib/session';

export const activationApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountActivate: build.mutation<UserAnswer, TokenRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.activate, method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) startSession(dispatch, data.user);
      },
    }),
  }),
});

export const { useAccountActivateMutation } = activationApi;

import { ACCOUNT_PATHS, api, type SignupRequest, type UserAnswer } from '@dating/shared';
import { startSession } from '../../../lib/session';

export const signupApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountSignup: build.mutation<UserAnswer, SignupRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.signup, method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) startSession(dispatch, data.user);
      },
    }),
  }),
});

export const { useAccountSignupMutation } = signupApi;

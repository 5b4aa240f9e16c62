import { ACCOUNT_PATHS, api, type ProfileUpdateRequest, type UserAnswer } from '@dating/shared';
import { storeUser } from './session';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountUpdateProfile: build.mutation<UserAnswer, ProfileUpdateRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.profile, method: 'PUT', body }),
      extraOptions: { idempotent: true },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) storeUser(dispatch, data.user);
      },
    }),
  }),
});

export const { useAccountUpdateProfileMutation } = profileApi;

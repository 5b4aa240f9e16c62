import type { StaffMe, StaffOk } from '@dating/shared/contract/staff';
import { staffApi, url, STAFF_TAGS } from './staff-api';

/**
 * The staff session (`me`, `logout`): read by the app to choose between the sign-in and the pages, ended from the
 * frame's sign-out, which drops every staff answer from the cache. Signing in is the auth feature's
 * (`features/auth/api/auth.ts`), injected on top of this.
 */
export const sessionApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    staffMe: build.query<StaffMe, void>({ query: () => url('me'), providesTags: ['StaffMe'] }),

    staffLogout: build.mutation<StaffOk, void>({
      query: () => ({ url: url('logout'), method: 'POST' }),
      extraOptions: { idempotent: true },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        // Nothing of the last staff member stays in the cache.
        dispatch(sessionApi.util.invalidateTags([...STAFF_TAGS]));
      },
    }),
  }),
});

export const { useStaffMeQuery, useStaffLogoutMutation } = sessionApi;

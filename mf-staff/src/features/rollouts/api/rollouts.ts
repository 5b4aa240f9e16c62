import type { StaffRollouts } from '@dating/shared/contract/staff';
import { staffApi, url } from '../../../api/staff-api';

/** The canary rollouts with both arms' figures and the guard's decisions (docs/adr/0032-canary-guard.md). */
export const rolloutsApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    rollouts: build.query<StaffRollouts, void>({
      query: () => url('rollouts'),
      providesTags: ['StaffRollouts'],
    }),
  }),
});

export const { useRolloutsQuery } = rolloutsApi;

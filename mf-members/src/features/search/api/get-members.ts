import { api, type MembersQuery, type MembersResponse } from '@dating/shared';
import type { TrafficSource } from '@dating/shared';

/** `GET /api/members.php`. `false` when the visitor may not search (403 "authentication required", SPEC §8). */
export const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMembers: build.query<MembersResponse | false, MembersQuery & TrafficSource>({
      query: (params) => ({ url: 'members.php', params }),
      providesTags: ['Members'],
    }),
  }),
});

export const { useGetMembersQuery } = membersApi;

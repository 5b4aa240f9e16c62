import { api, type MemberResponse, type MembersQuery, type MembersResponse } from '@dating/shared';
import type { TrafficSource } from '@dating/shared';

/** Profiles for teasers and the swipe game, and the profile a profile-based lander features. */
export const landerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLanderProfiles: build.query<MembersResponse | false, MembersQuery & TrafficSource>({
      query: (params) => ({ url: 'members.php', params }),
      providesTags: ['Members'],
    }),
    getLanderMember: build.query<MemberResponse | false, number>({
      query: (id) => ({ url: 'member.php', params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Member', id }],
    }),
  }),
});

export const { useGetLanderProfilesQuery, useGetLanderMemberQuery } = landerApi;

import { api } from './api';
import type {
  LanderMembersQuery,
  LanderMembersResponse,
  MemberQuery,
  MemberResponse,
  MembersQuery,
  MembersResponse,
} from '../contract';
import type { TrafficSource } from '../lib/traffic-source';

/**
 * Profiles, read by three remotes (search and profile in mf-members, teasers and the featured member in
 * mf-landers, the partner of a new conversation in mf-chat): one endpoint per call, so they share one cache entry.
 * Lists carry the `Members` LIST tag, a profile its `Member` id; liking, unliking and blocking invalidate them
 * (likes-endpoints).
 */
export const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/members.php`. `false` when the visitor may not search (403 "authentication required", docs/product/calls-and-errors.md). */
    getMembers: build.query<MembersResponse | false, MembersQuery & TrafficSource>({
      query: (params) => ({ url: 'members.php', params }),
      providesTags: [{ type: 'Members', id: 'LIST' }],
    }),
    /** `GET /api/member.php?id=`. `false` when the visitor must log in first (docs/product/calls-and-errors.md). */
    getMember: build.query<MemberResponse | false, number>({
      query: (id) => ({ url: 'member.php', params: { id } satisfies MemberQuery }),
      providesTags: (_result, _error, id) => [{ type: 'Member', id }],
    }),
    /**
     * `GET /api/lander-members.php`: a lander's member previews for a visitor, of the site's audience, also where
     * visitors may not search. Here (not injected by mf-landers) so the shell knows it before hydration: the
     * server-rendered answer is upserted into the store before the remote loads (docs/adr/0030).
     */
    getLanderMembers: build.query<LanderMembersResponse, LanderMembersQuery>({
      query: (params) => ({ url: 'lander-members.php', params }),
      providesTags: [{ type: 'Members', id: 'LIST' }],
    }),
  }),
});

export const { useGetMembersQuery, useGetMemberQuery, useGetLanderMembersQuery } = membersApi;

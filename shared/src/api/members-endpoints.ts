import { api } from './api';
import type {
  LanderMembersQuery,
  LanderMembersResponse,
  MemberQuery,
  MemberResponse,
  MembersQuery,
  MembersResponse,
  TownDistancesQuery,
  TownDistancesResponse,
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
    /**
     * `GET /api/town-distances.php`: the map lander's real distances between its members' towns; static place data,
     * kept for an hour. Here for the same reason as getLanderMembers: the server-rendered answer is in the store
     * before mf-landers loads, so hydration does not ask again. One `towns` parameter per town (the base query
     * would join an array with commas, which a town's name can hold).
     */
    getTownDistances: build.query<TownDistancesResponse, TownDistancesQuery>({
      query: ({ country, towns }) =>
        `town-distances.php?${new URLSearchParams([['country', country], ...towns.map((town) => ['towns', town])])}`,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetMembersQuery, useGetMemberQuery, useGetLanderMembersQuery, useGetTownDistancesQuery } =
  membersApi;

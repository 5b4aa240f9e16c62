import { api, type MemberResponse } from '@dating/shared';

/** `GET /api/member.php?id=`. `false` when the visitor must log in first (SPEC §8). */
export const memberApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMember: build.query<MemberResponse | false, number>({
      query: (id) => ({ url: 'member.php', params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Member', id }],
    }),
  }),
});

export const { useGetMemberQuery } = memberApi;

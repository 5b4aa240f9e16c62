import { api, type MemberResponse } from '@dating/shared';

/** The profile behind `/members/:id/chat` when there is no conversation with it yet (`GET /api/member.php`). */
export const chatPartnerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChatPartner: build.query<MemberResponse | false, number>({
      query: (id) => ({ url: 'member.php', params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Member', id }],
    }),
  }),
});

export const { useGetChatPartnerQuery } = chatPartnerApi;

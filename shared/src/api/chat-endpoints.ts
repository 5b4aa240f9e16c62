import { api } from './api';
import type { MessagesQuery, MessagesResponse } from '../contract';

/** Page parameter of `getMessages`: '' is the newest page, otherwise the `next_cursor` of the page before. */
export type MessagesCursor = string;

/**
 * The messages of one conversation, defined here rather than in mf-chat because the shell's live client writes
 * into this cache too (`applyLiveEventToChatCache`).
 *
 * Cache shape (RTK Query infinite query, arg = conversation id): `{ pages: MessagesResponse[], pageParams:
 * string[] }`. `pages[0]` is the NEWEST page; each next page is older (`fetchNextPage` loads older messages).
 * Inside a page, `messages` are oldest first, so the screen shows `pages` reversed, each page in order. A new
 * message goes at the end of `pages[0].messages`.
 */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMessages: build.infiniteQuery<MessagesResponse, number, MessagesCursor>({
      query: ({ queryArg, pageParam }) => ({
        url: 'messages.php',
        params: (pageParam
          ? { conversation: queryArg, before: pageParam }
          : { conversation: queryArg }) satisfies MessagesQuery,
      }),
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
      },
      providesTags: (_result, _error, conversation) => [{ type: 'Messages', id: conversation }],
    }),
  }),
});

export const { useGetMessagesInfiniteQuery } = chatApi;

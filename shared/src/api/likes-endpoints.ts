import { api } from './api';
import {
  ACCOUNT_PATHS,
  LIKES_PATHS,
  type BlockRequest,
  type LikeRequest,
  type LikeResponse,
  type ProfileIdRequest,
  type ReportRequest,
  type ReportResponse,
  type SwipeStatus,
} from '../contract';

/**
 * Likes, the swipe allowance, reports and blocking from a profile: used by mf-members (profiles, search, likes
 * lists) and mf-landers (swipe game), and open to mf-chat for its conversation menu. Remotes never import each
 * other, so the calls two of them need live here, once. Every write invalidates `Likes`, so likes.php (and with it
 * the new-likes badge) reloads.
 */
export const likesApi = api.injectEndpoints({
  endpoints: (build) => ({
    like: build.mutation<LikeResponse, LikeRequest>({
      query: (body) => ({ url: LIKES_PATHS.like, method: 'POST', body }),
      // Not retried: the server answers the swipe limit with a 429, which the base query would retry.
      invalidatesTags: (_result, _error, { id }) => ['Likes', { type: 'Member', id }],
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data?.swipe) dispatch(likesApi.util.upsertQueryData('swipeStatus', undefined, data.swipe));
      },
    }),
    unlike: build.mutation<LikeResponse, number>({
      query: (id) => ({ url: LIKES_PATHS.like, method: 'DELETE', body: { id } satisfies LikeRequest }),
      extraOptions: { idempotent: true },
      invalidatesTags: (_result, _error, id) => ['Likes', { type: 'Member', id }],
    }),
    likeSeen: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: LIKES_PATHS.likeSeen, method: 'POST', body: { id } satisfies ProfileIdRequest }),
      extraOptions: { idempotent: true },
      invalidatesTags: (result) => (result ? ['Likes'] : []),
    }),
    swipeStatus: build.query<SwipeStatus | false, void>({
      query: () => LIKES_PATHS.swipe,
      providesTags: ['Swipe'],
    }),
    report: build.mutation<ReportResponse, ReportRequest>({
      query: (body) => ({ url: LIKES_PATHS.report, method: 'POST', body }),
    }),
    memberBlock: build.mutation<null, number>({
      query: (profileId) => ({
        url: ACCOUNT_PATHS.block,
        method: 'POST',
        body: { profile_id: profileId } satisfies BlockRequest,
      }),
      invalidatesTags: ['Blocked', 'Chats', 'Likes', 'Members', 'Member'],
    }),
    memberUnblock: build.mutation<null, number>({
      query: (profileId) => ({
        url: ACCOUNT_PATHS.block,
        method: 'DELETE',
        body: { profile_id: profileId } satisfies BlockRequest,
      }),
      extraOptions: { idempotent: true },
      invalidatesTags: ['Blocked', 'Members', 'Member'],
    }),
  }),
});

export const {
  useLikeMutation,
  useUnlikeMutation,
  useLikeSeenMutation,
  useSwipeStatusQuery,
  useReportMutation,
  useMemberBlockMutation,
  useMemberUnblockMutation,
} = likesApi;

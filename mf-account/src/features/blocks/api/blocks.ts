import { ACCOUNT_PATHS, api, type BlockRequest, type BlocksResponse } from '@dating/shared';

export const blocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountBlocks: build.query<BlocksResponse, void>({
      query: () => ACCOUNT_PATHS.blocks,
      providesTags: ['Blocked'],
    }),
    accountBlock: build.mutation<null, number>({
      query: (profileId) => ({
        url: ACCOUNT_PATHS.block,
        method: 'POST',
        body: { profile_id: profileId } satisfies BlockRequest,
      }),
      invalidatesTags: ['Blocked', 'Chats', 'Likes', 'Members', 'Member'],
    }),
    accountUnblock: build.mutation<null, number>({
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

export const { useGetAccountBlocksQuery, useAccountBlockMutation, useAccountUnblockMutation } = blocksApi;

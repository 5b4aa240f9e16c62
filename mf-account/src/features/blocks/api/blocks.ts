import { ACCOUNT_PATHS, api, type BlocksResponse } from '@dating/shared';

// Block and unblock themselves are shared's `memberBlock` / `memberUnblock` (one endpoint per call).
export const blocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountBlocks: build.query<BlocksResponse, void>({
      query: () => ACCOUNT_PATHS.blocks,
      providesTags: ['Blocked'],
    }),
  }),
});

export const { useGetAccountBlocksQuery } = blocksApi;

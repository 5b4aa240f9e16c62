import type {
  StaffClaimRequest,
  StaffClaimResponse,
  StaffConversation,
  StaffOk,
  StaffQueueQuery,
  StaffQueueResponse,
  StaffReleaseRequest,
  StaffReplyRequest,
  StaffReplyResponse,
} from '@dating/shared/contract/staff';
import { staffApi, url, params, type Params } from '../../../api/staff-api';

/** The reply queue: conversations waiting, claims, one conversation and the reply as the fictional profile. */
export const queueApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    queue: build.query<StaffQueueResponse, StaffQueueQuery | void>({
      query: (query) => ({ url: url('queue'), params: params(query as Params) }),
      providesTags: ['StaffQueue'],
    }),

    claim: build.mutation<StaffClaimResponse, StaffClaimRequest>({
      query: (body) => ({ url: url('claim'), method: 'POST', body }),
      invalidatesTags: ['StaffQueue', 'StaffConversation'],
    }),

    release: build.mutation<StaffOk, StaffReleaseRequest>({
      query: (body) => ({ url: url('release'), method: 'POST', body }),
      extraOptions: { idempotent: true },
      invalidatesTags: ['StaffQueue', 'StaffConversation'],
    }),

    conversation: build.query<StaffConversation, number>({
      query: (id) => url('conversation', id),
      providesTags: (_result, _error, id) => [{ type: 'StaffConversation', id }],
    }),

    reply: build.mutation<StaffReplyResponse, { id: number; body: StaffReplyRequest }>({
      query: ({ id, body }) => ({ url: url('reply', id), method: 'POST', body }),
      // The same client_id twice sends one message, so a retry is safe.
      extraOptions: { idempotent: true },
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'StaffConversation', id },
        'StaffQueue',
        'StaffDashboard',
      ],
    }),
  }),
});

export const { useQueueQuery, useClaimMutation, useReleaseMutation, useConversationQuery, useReplyMutation } =
  queueApi;

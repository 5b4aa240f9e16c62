import {
  api,
  type ChatPhotoUploadResponse,
  type GiftsResponse,
  type ConversationRequest,
  type MarkReadResponse,
  type SendMessageRequest,
  type SendMessageResponse,
} from '@dating/shared';

/** Chat calls only this remote makes; `getMessages` lives in shared because the live client writes into it. */
export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendMessage: build.mutation<SendMessageResponse, SendMessageRequest>({
      query: (body) => ({ url: 'messages.php', method: 'POST', body }),
      // The client id makes a retried send idempotent on the server: one message, one debit.
      extraOptions: { idempotent: true },
    }),
    markRead: build.mutation<MarkReadResponse, ConversationRequest>({
      query: (body) => ({ url: 'messages.php', method: 'PUT', body }),
      extraOptions: { idempotent: true },
    }),
    getGifts: build.query<GiftsResponse, void>({
      query: () => 'gifts.php',
      keepUnusedDataFor: 3600,
    }),
    uploadChatPhoto: build.mutation<ChatPhotoUploadResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: 'chat-photo.php', method: 'POST', body };
      },
    }),
    sendTyping: build.mutation<{ ok: boolean }, ConversationRequest>({
      query: (body) => ({ url: 'typing.php', method: 'POST', body }),
      extraOptions: { maxRetries: 0 },
    }),
  }),
});

export const {
  useSendMessageMutation,
  useMarkReadMutation,
  useGetGiftsQuery,
  useUploadChatPhotoMutation,
  useSendTypingMutation,
} = messagesApi;

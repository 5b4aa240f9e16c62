import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  chatApi,
  coreApi,
  toDisplayError,
  upsertChat,
  upsertMessage,
  type AppDispatch,
  type RootState,
  type SendMessageRequest,
} from '@dating/shared';
import { messagesApi } from '../api/messages-api';
import {
  messageSettled,
  selectOutbox,
  sendFailed,
  sendPostponed,
  sendStarted,
  type OutboxItem,
} from './outbox-slice';

interface StoreLike {
  dispatch: AppDispatch;
  getState: () => RootState;
}

/** While the connection is down, another try this often (besides the browser's `online` event). */
export const OUTBOX_RETRY_MS = 15_000;

let running = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const isNetworkError = (error: FetchBaseQueryError) =>
  error.status === 'FETCH_ERROR' ||
  error.status === 'TIMEOUT_ERROR' ||
  (typeof error.status === 'number' && error.status >= 500);

function requestOf(item: OutboxItem): SendMessageRequest {
  return {
    ...(item.conversation !== null ? { conversation: item.conversation } : { member: item.member! }),
    client_id: item.client_id,
    type: item.type,
    ...(item.type === 'text' ? { text: item.text ?? '' } : {}),
    ...(item.type === 'gift' ? { gift_id: item.gift!.id } : {}),
    ...(item.type === 'photo' ? { photo_id: item.photo!.id } : {}),
  };
}

/**
 * Sends what waits in the outbox, one message at a time in the order written, so a conversation reads as it was
 * typed. One pump per page, however many components ask: whoever calls it while it runs only wakes it. A network
 * failure puts the message back in line and stops until the connection returns (`online`) or a timer fires; a
 * refusal (credits, limits, blocks) marks that message failed with the server's message and goes on.
 */
export async function pumpOutbox(store: StoreLike): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (;;) {
      if (isOffline()) return;
      const next = selectOutbox(store.getState()).find((item) => item.status === 'queued');
      if (!next) return;
      store.dispatch(sendStarted(next.client_id));
      const result = await store.dispatch(messagesApi.endpoints.sendMessage.initiate(requestOf(next)));
      if ('data' in result && result.data) {
        const { message, chat, credits } = result.data;
        store.dispatch(
          chatApi.util.updateQueryData('getMessages', message.conversation, (draft) =>
            upsertMessage(draft, message),
          ),
        );
        store.dispatch(
          coreApi.util.updateQueryData('getChats', undefined, (draft) => {
            draft.chats = upsertChat(draft.chats, chat);
          }),
        );
        store.dispatch(
          coreApi.util.updateQueryData('getUser', undefined, (draft) => {
            if (draft.user) draft.user.credits = credits;
          }),
        );
        store.dispatch(messageSettled(next.client_id));
        continue;
      }
      const error = result.error as FetchBaseQueryError;
      if (isNetworkError(error)) {
        store.dispatch(sendPostponed(next.client_id));
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void pumpOutbox(store), OUTBOX_RETRY_MS);
        return;
      }
      store.dispatch(sendFailed({ client_id: next.client_id, error: toDisplayError(error)! }));
    }
  } finally {
    running = false;
  }
}

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, type ChatPhoto, type DisplayError, type Gift, type MessageType } from '@dating/shared';

/**
 * A message the member wrote that the server has not acknowledged yet. It keeps its client id from the first
 * attempt to the last, so however often it is sent, the server stores it once and debits once.
 */
export interface OutboxItem {
  client_id: string;
  /** The conversation, or null when it starts one with `member` (`/members/{id}/chat`). */
  conversation: number | null;
  member: number | null;
  type: MessageType;
  text: string | null;
  gift: Gift | null;
  photo: ChatPhoto | null;
  /** queued: waits for its turn or the connection; sending: on the wire; failed: refused, retry by hand. */
  status: 'queued' | 'sending' | 'failed';
  error: DisplayError | null;
  created_at: string;
}

export interface OutboxState {
  items: OutboxItem[];
}

export const outboxSlice = createSlice({
  name: 'outbox',
  initialState: { items: [] } as OutboxState,
  reducers: {
    messageQueued(state, action: PayloadAction<Omit<OutboxItem, 'status' | 'error'>>) {
      state.items.push({ ...action.payload, status: 'queued', error: null });
    },
    sendStarted(state, action: PayloadAction<string>) {
      const item = state.items.find((i) => i.client_id === action.payload);
      if (item) item.status = 'sending';
    },
    /** The connection is gone: back in line, same place, same client id. */
    sendPostponed(state, action: PayloadAction<string>) {
      const item = state.items.find((i) => i.client_id === action.payload);
      if (item) item.status = 'queued';
    },
    sendFailed(state, action: PayloadAction<{ client_id: string; error: DisplayError }>) {
      const item = state.items.find((i) => i.client_id === action.payload.client_id);
      if (item) {
        item.status = 'failed';
        item.error = action.payload.error;
      }
    },
    retryRequested(state, action: PayloadAction<string>) {
      const item = state.items.find((i) => i.client_id === action.payload);
      if (item) {
        item.status = 'queued';
        item.error = null;
      }
    },
    /** Acknowledged by the server (now in the messages cache), or given up by the member. */
    messageSettled(state, action: PayloadAction<string>) {
      state.items = state.items.filter((i) => i.client_id !== action.payload);
    },
  },
});

export const injectedOutboxSlice = outboxSlice.injectInto(rootReducer);
export const { messageQueued, sendStarted, sendPostponed, sendFailed, retryRequested, messageSettled } =
  outboxSlice.actions;

const EMPTY: OutboxItem[] = [];
// The shared RootState type is fixed when `shared` is compiled (as in the shell's slice): read the slice by name.
export const selectOutbox = (state: unknown): OutboxItem[] =>
  (state as { outbox?: OutboxState }).outbox?.items ?? EMPTY;

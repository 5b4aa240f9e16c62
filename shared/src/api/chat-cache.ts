import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ChatEntry, ChatMessage, LiveEvent, MessagesResponse } from '../contract';
import { chatApi } from './chat-endpoints';
import { coreApi } from './core-endpoints';
import { TYPING_SHOWN_MS, typingReceived, typingStopped } from '../store/typing';

// Loose on purpose: the shell's, a remote's and a test's dispatch all fit.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

interface MessagePages {
  pages: MessagesResponse[];
}

/** Adds a message to the newest page, or replaces the one with its id or client id (my own send echoed). */
export function upsertMessage(data: MessagePages, message: ChatMessage): void {
  for (const page of data.pages) {
    const index = page.messages.findIndex(
      (m) =>
        m.id === message.id || (message.client_id !== null && m.client_id === message.client_id && m.from_me),
    );
    if (index >= 0) {
      // A read receipt only moves forward: the send's answer or the sender's own live copy, written before the
      // other member read it, may arrive after the `read` event did.
      const readAt = page.messages[index]!.read_at;
      page.messages[index] = message.read_at === null && readAt ? { ...message, read_at: readAt } : message;
      return;
    }
  }
  const newest = data.pages[0];
  if (!newest) return;
  // Events can overtake each other: keep the page in id order.
  let at = newest.messages.length;
  while (at > 0 && newest.messages[at - 1]!.id > message.id) at -= 1;
  newest.messages.splice(at, 0, message);
}

/** Puts the entry first in the chat list (newest activity), replacing the old one. */
export function upsertChat(chats: ChatEntry[], chat: ChatEntry): ChatEntry[] {
  return [chat, ...chats.filter((entry) => entry.conversation.id !== chat.conversation.id)];
}

/**
 * My messages up to `upTo` were read by the other member at `readAt`. False when message `upTo` itself is not in
 * the cache (yet).
 */
export function markReadUpTo(data: MessagePages, upTo: number, readAt: string): boolean {
  let found = false;
  for (const page of data.pages) {
    for (const message of page.messages) {
      if (message.id === upTo) found = true;
      if (message.from_me && message.id <= upTo && message.read_at === null) message.read_at = readAt;
    }
  }
  return found;
}

/**
 * Applies a live event of the chat to the one RTK Query cache (docs/adr/0008-live-channel.md): the shell's live client calls
 * this for every event; events of other kinds are ignored. Only caches that exist are touched (a conversation
 * nobody has open has no messages cache; it loads fresh when opened).
 *
 * - `message`: added to `getMessages(conversation)` and the entry replaced at the top of `getChats`.
 * - `read`: my messages up to `up_to` get `read_at` in `getMessages(conversation)`; if message `up_to` is not there
 *   yet, that cache is loaded again. A message once read stays read when a copy of it arrives later.
 * - `typing`: the `typing` slice shows the indicator for `TYPING_SHOWN_MS`.
 * - `conversation_removed`: the entry leaves `getChats`; `getMessages(conversation)` is invalidated.
 */
export function applyLiveEventToChatCache(dispatch: Dispatch, event: LiveEvent, now = Date.now()): void {
  switch (event.type) {
    case 'message':
      dispatch(
        chatApi.util.updateQueryData('getMessages', event.conversation, (draft) => {
          upsertMessage(draft, event.message);
        }),
      );
      dispatch(
        coreApi.util.updateQueryData('getChats', undefined, (draft) => {
          draft.chats = upsertChat(draft.chats, event.chat);
        }),
      );
      if (!event.message.from_me) dispatch(typingStopped({ conversation: event.conversation }));
      return;
    case 'read': {
      let found = true;
      dispatch(
        chatApi.util.updateQueryData('getMessages', event.conversation, (draft) => {
          found = markReadUpTo(draft, event.up_to, event.read_at);
        }),
      );
      // The message read is not here yet (my send's answer is still on its way): the conversation is loaded
      // again, which brings it read; the answer then keeps that (upsertMessage).
      if (!found) dispatch(chatApi.util.invalidateTags([{ type: 'Messages', id: event.conversation }]));
      return;
    }
    case 'typing':
      dispatch(typingReceived({ conversation: event.conversation, until: now + TYPING_SHOWN_MS }));
      return;
    case 'conversation_removed':
      dispatch(
        coreApi.util.updateQueryData('getChats', undefined, (draft) => {
          draft.chats = draft.chats.filter((entry) => entry.conversation.id !== event.conversation);
        }),
      );
      dispatch(chatApi.util.invalidateTags([{ type: 'Messages', id: event.conversation }]));
      return;
    default:
      return;
  }
}

import type { ChatEntry, ChatMessage } from './chats';
import type { Profile } from './profile';

/**
 * Events of the live channel (docs/adr/0008-live-channel.md): one authenticated connection per tab under `/api/`, behind the
 * session cookie. The server publishes an event after the transaction that caused it has committed; the client
 * applies it to the one RTK Query cache (`updateQueryData` or tag invalidation), never to a parallel store.
 */
export type LiveEvent =
  /** A message was stored in one of my conversations (sent by me from another tab, or to me). */
  | { type: 'message'; conversation: number; message: ChatMessage; chat: ChatEntry }
  /** The other member read my messages of this conversation up to and including `up_to` (a message id). */
  | { type: 'read'; conversation: number; up_to: number; read_at: string }
  /** The other member is typing in this conversation (sent at most every 3 s while typing). */
  | { type: 'typing'; conversation: number; member: number }
  /** A conversation disappeared for me (deleted in another tab, or a block by either side). */
  | { type: 'conversation_removed'; conversation: number }
  /** Someone liked me. */
  | { type: 'like'; like_id: number; profile: Profile }
  /** A like of mine or to me became mutual. */
  | { type: 'match'; profile: Profile }
  /** My likes changed in a way the lists must reload for (unlike, block). */
  | { type: 'likes_changed' }
  /** My counters changed: unread messages, new likes, credits (after a spend, a purchase or a refund). */
  | { type: 'counters'; unread_messages: number; new_likes: number; credits: number; paid_user: boolean };

export type LiveEventType = LiveEvent['type'];

import type { Profile } from './profile';

/** One entry of `GET /api/chats.php` (docs/product/member-model.md). */
export interface ChatEntry {
  conversation: { id: number; updated_at: string };
  profile: Profile;
  num_unread_messages: number;
  last_message: { text: string | null; type: MessageType; from_me: boolean; sent_at: string } | null;
}
export interface ChatsResponse {
  chats: ChatEntry[];
}
export type MessageType = 'text' | 'gift' | 'photo';
/** `DELETE /api/chat.php` JSON body. */
export interface DeleteChatRequest {
  conversation: number;
}

/** A gift of the catalogue (`GET /api/gifts.php`); names come translated in the member's language. */
export interface Gift {
  id: number;
  name: string;
  /** URL path of the image. */
  image: string;
  credits: number;
}
export interface GiftsResponse {
  gifts: Gift[];
}

/** A photo sent in a chat; the URLs answer only the two members of the conversation. */
export interface ChatPhoto {
  id: number;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
}

/** One message of a conversation. */
export interface ChatMessage {
  id: number;
  conversation: number;
  /** The sender's idempotency key (a UUID made by the client), echoed so the sender can match its outbox. */
  client_id: string | null;
  from_me: boolean;
  type: MessageType;
  text: string | null;
  gift: Gift | null;
  photo: ChatPhoto | null;
  /** ISO date-time the server stored it. */
  sent_at: string;
  /** For my own messages: when the other member read it (read receipt); null while unread. */
  read_at: string | null;
}

/**
 * `GET /api/messages.php?conversation={id}&before={cursor}&limit={n}`, or `?member={id}` for the conversation
 * with that member (404 until one exists). Pages are newest first in SQL and returned oldest first; `before` is
 * the `next_cursor` of the previous page. Reading marks the conversation read for me (zeroes its unread count).
 */
export interface MessagesResponse {
  conversation: { id: number; started_by_me: boolean };
  profile: Profile;
  messages: ChatMessage[];
  /** Cursor of the next older page, null when this is the oldest. */
  next_cursor: string | null;
}

/**
 * `POST /api/messages.php`: to a conversation, or to a member (opens or starts the conversation). `client_id`
 * makes a retry idempotent: the same id from the same sender answers the stored message and debits once.
 */
export interface SendMessageRequest {
  conversation?: number;
  member?: number;
  client_id: string;
  type: MessageType;
  /** For `text`; at most the settings' `message_length` characters. */
  text?: string;
  /** For `gift`. */
  gift_id?: number;
  /** For `photo`: an id answered by `POST /api/chat-photo.php` (multipart `file`). */
  photo_id?: number;
}
export interface SendMessageResponse {
  message: ChatMessage;
  chat: ChatEntry;
  /** My balance after this message. */
  credits: number;
}
/** `POST /api/chat-photo.php` (multipart, field `file`): the photo is checked and stored, not yet sent. */
export interface ChatPhotoUploadResponse {
  photo: ChatPhoto;
}
/** `POST /api/typing.php` */
export interface TypingRequest {
  conversation: number;
}
/**
 * `PUT /api/messages.php`: I read this conversation while it was open (a message arrived after the page loaded).
 * Zeroes my unread count and tells the other member up to which message (a `read` live event).
 */
export interface MarkReadRequest {
  conversation: number;
}
export interface MarkReadResponse {
  ok: boolean;
  /** The newest message of the other member now read, null when there was none. */
  up_to: number | null;
}

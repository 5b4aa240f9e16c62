// The chat calls. The shapes are the TypeBox schemas of `schemas/chats.ts` (the api's source); here their types,
// imported as types only so that no browser bundle gains the schema builder.
import type * as S from './schemas/chats';

export type MessageType = S.MessageType;

/** One entry of `GET /api/chats.php` (docs/product/member-model.md). */
export type ChatEntry = S.ChatEntry;
export type ChatsResponse = S.ChatsResponse;
/** `DELETE /api/chat.php` JSON body. */
export type DeleteChatRequest = S.ConversationRequest;

/** A gift of the catalogue (`GET /api/gifts.php`); names come translated in the member's language. */
export type Gift = S.Gift;
export type GiftsResponse = S.GiftsResponse;

/** A photo sent in a chat; the URLs answer only the two members of the conversation. */
export type ChatPhoto = S.ChatPhoto;

/** One message of a conversation. */
export type ChatMessage = S.ChatMessage;

/**
 * `GET /api/messages.php?conversation={id}&before={cursor}&limit={n}`, or `?member={id}` for the conversation
 * with that member (404 until one exists). Pages are newest first in SQL and returned oldest first; `before` is
 * the `next_cursor` of the previous page. Reading marks the conversation read for me (zeroes its unread count).
 */
export type MessagesResponse = S.MessagesResponse;

/**
 * `POST /api/messages.php`: to a conversation, or to a member (opens or starts the conversation). `client_id`
 * makes a retry idempotent: the same id from the same sender answers the stored message and debits once.
 */
export type SendMessageRequest = S.SendMessageRequest;
export type SendMessageResponse = S.SendMessageResponse;
/** `POST /api/chat-photo.php` (multipart, field `file`): the photo is checked and stored, not yet sent. */
export type ChatPhotoUploadResponse = S.ChatPhotoUploadResponse;
/** `POST /api/typing.php` */
export type TypingRequest = S.ConversationRequest;
/**
 * `PUT /api/messages.php`: I read this conversation while it was open (a message arrived after the page loaded).
 * Zeroes my unread count and tells the other member up to which message (a `read` live event).
 */
export type MarkReadRequest = S.ConversationRequest;
export type MarkReadResponse = S.MarkReadResponse;

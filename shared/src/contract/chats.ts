// The chat calls' requests and answers (docs/product/member-model.md).
import { Type, type Static } from 'typebox';
import { Id, Nullable, StringEnum } from './common';
import { ProfileSchema } from './profile';

export const MESSAGE_TYPES = ['text', 'gift', 'photo'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MessageTypeSchema = StringEnum(MESSAGE_TYPES);

/** One entry of `GET /api/chats.php`. */
export const ChatEntrySchema = Type.Object({
  conversation: Type.Object({ id: Type.Integer(), updated_at: Type.String() }),
  profile: ProfileSchema,
  num_unread_messages: Type.Integer(),
  last_message: Nullable(
    Type.Object({
      text: Nullable(Type.String()),
      type: MessageTypeSchema,
      from_me: Type.Boolean(),
      sent_at: Type.String(),
    }),
  ),
});
/** One entry of `GET /api/chats.php` (docs/product/member-model.md). */
export type ChatEntry = Static<typeof ChatEntrySchema>;
export const ChatsResponseSchema = Type.Object({ chats: Type.Array(ChatEntrySchema) });
export type ChatsResponse = Static<typeof ChatsResponseSchema>;

/** `DELETE /api/chat.php`, `POST /api/typing.php`, `PUT /api/messages.php`: the conversation meant. */
export const ConversationRequestSchema = Type.Object({ conversation: Id });
/** `DELETE /api/chat.php` JSON body. */
/**
 * `POST /api/typing.php`
 *
 * `PUT /api/messages.php`: I read this conversation while it was open (a message arrived after the page loaded).
 * Zeroes my unread count and tells the other member up to which message (a `read` live event).
 */
export type ConversationRequest = Static<typeof ConversationRequestSchema>;
export const ChatOkSchema = Type.Object({ ok: Type.Boolean() });

/** A gift of the catalogue (`GET /api/gifts.php`); names come translated in the member's language. */
export const GiftSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** URL path of the image. */
  image: Type.String(),
  credits: Type.Integer(),
});
/** A gift of the catalogue (`GET /api/gifts.php`); names come translated in the member's language. */
export type Gift = Static<typeof GiftSchema>;
export const GiftsResponseSchema = Type.Object({ gifts: Type.Array(GiftSchema) });
export type GiftsResponse = Static<typeof GiftsResponseSchema>;
/** `GET /api/gift.php?id=`: a gift's SVG image (`Gift.image` points there). */
export const GiftImageQuerySchema = Type.Object({ id: Id });
export type GiftImageQuery = Static<typeof GiftImageQuerySchema>;

/** A photo sent in a chat; the URLs answer only the two members of the conversation. */
export const ChatPhotoSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  thumb_url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
/** A photo sent in a chat; the URLs answer only the two members of the conversation. */
export type ChatPhoto = Static<typeof ChatPhotoSchema>;

/** One message of a conversation. */
export const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  conversation: Type.Integer(),
  /** The sender's idempotency key (a UUID made by the client), echoed so the sender can match its outbox. */
  client_id: Nullable(Type.String()),
  from_me: Type.Boolean(),
  type: MessageTypeSchema,
  text: Nullable(Type.String()),
  gift: Nullable(GiftSchema),
  photo: Nullable(ChatPhotoSchema),
  /** ISO date-time the server stored it. */
  sent_at: Type.String(),
  /** For my own messages: when the other member read it (read receipt); null while unread. */
  read_at: Nullable(Type.String()),
});
/** One message of a conversation. */
export type ChatMessage = Static<typeof ChatMessageSchema>;

export const MessagesResponseSchema = Type.Object({
  conversation: Type.Object({ id: Type.Integer(), started_by_me: Type.Boolean() }),
  profile: ProfileSchema,
  messages: Type.Array(ChatMessageSchema),
  /** Cursor of the next older page, null when this is the oldest. */
  next_cursor: Nullable(Type.String()),
});
/**
 * `GET /api/messages.php?conversation={id}&before={cursor}&limit={n}`, or `?member={id}` for the conversation
 * with that member (404 until one exists). Pages are newest first in SQL and returned oldest first; `before` is
 * the `next_cursor` of the previous page. Reading marks the conversation read for me (zeroes its unread count).
 */
export type MessagesResponse = Static<typeof MessagesResponseSchema>;

/** The most messages one page of `GET /api/messages.php` holds, whatever `limit` asks. */
export const MESSAGES_MAX_PAGE_SIZE = 100;
/**
 * `GET /api/messages.php` query: `conversation` or `member` (one of the two), `before` the `next_cursor` of the
 * page before (a message id), `limit` the page size.
 */
export const MessagesQuerySchema = Type.Object({
  conversation: Type.Optional(Id),
  member: Type.Optional(Id),
  before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MESSAGES_MAX_PAGE_SIZE })),
});
export type MessagesQuery = Static<typeof MessagesQuerySchema>;

/** A UUID or any other opaque key the client made: letters, digits, dashes, underscores. */
export const ClientIdSchema = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const SendMessageRequestSchema = Type.Object(
  {
    conversation: Type.Optional(Id),
    member: Type.Optional(Id),
    client_id: ClientIdSchema,
    type: MessageTypeSchema,
    /**
     * For `text`; at most the settings' `message_length` characters. That rule is the site's, checked by the
     * service with its own message; this bound only keeps absurd bodies out before they are parsed further.
     */
    text: Type.Optional(Type.String({ maxLength: 20_000 })),
    /** For `gift`. */
    gift_id: Type.Optional(Id),
    /** For `photo`: an id answered by `POST /api/chat-photo.php` (multipart `file`). */
    photo_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
/**
 * `POST /api/messages.php`: to a conversation, or to a member (opens or starts the conversation). `client_id`
 * makes a retry idempotent: the same id from the same sender answers the stored message and debits once.
 */
export type SendMessageRequest = Static<typeof SendMessageRequestSchema>;

export const SendMessageResponseSchema = Type.Object({
  message: ChatMessageSchema,
  chat: ChatEntrySchema,
  /** My balance after this message. */
  credits: Type.Integer(),
});
export type SendMessageResponse = Static<typeof SendMessageResponseSchema>;

/** `POST /api/chat-photo.php` (multipart, field `file`): the photo is checked and stored, not yet sent. */
export const ChatPhotoUploadResponseSchema = Type.Object({ photo: ChatPhotoSchema });
/** `POST /api/chat-photo.php` (multipart, field `file`): the photo is checked and stored, not yet sent. */
export type ChatPhotoUploadResponse = Static<typeof ChatPhotoUploadResponseSchema>;

export const MarkReadResponseSchema = Type.Object({
  ok: Type.Boolean(),
  /** The newest message of the other member now read, null when there was none. */
  up_to: Nullable(Type.Integer()),
});
export type MarkReadResponse = Static<typeof MarkReadResponseSchema>;

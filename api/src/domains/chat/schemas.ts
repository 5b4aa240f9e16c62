// TypeBox mirrors of the chat contract (shared/src/contract/chats.ts).
import { Type } from 'typebox';
import { Nullable, ProfileSchema, StringEnum } from '../../lib/contract';

export const MessageTypeSchema = StringEnum(['text', 'gift', 'photo'] as const);
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

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

export const GiftSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  credits: Type.Integer(),
});

export const ChatPhotoSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  thumb_url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});

export const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  conversation: Type.Integer(),
  client_id: Nullable(Type.String()),
  from_me: Type.Boolean(),
  type: MessageTypeSchema,
  text: Nullable(Type.String()),
  gift: Nullable(GiftSchema),
  photo: Nullable(ChatPhotoSchema),
  sent_at: Type.String(),
  read_at: Nullable(Type.String()),
});

export const MessagesResponseSchema = Type.Object({
  conversation: Type.Object({ id: Type.Integer(), started_by_me: Type.Boolean() }),
  profile: ProfileSchema,
  messages: Type.Array(ChatMessageSchema),
  next_cursor: Nullable(Type.String()),
});

/** A UUID or any other opaque key the client made: letters, digits, dashes, underscores. */
export const ClientIdSchema = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const SendMessageBodySchema = Type.Object(
  {
    conversation: Type.Optional(Id),
    member: Type.Optional(Id),
    client_id: ClientIdSchema,
    type: MessageTypeSchema,
    // The length rule is the site's (`message_length`), checked by the service with its own message; this bound
    // only keeps absurd bodies out before they are parsed further.
    text: Type.Optional(Type.String({ maxLength: 20_000 })),
    gift_id: Type.Optional(Id),
    photo_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);

export const SendMessageResponseSchema = Type.Object({
  message: ChatMessageSchema,
  chat: ChatEntrySchema,
  credits: Type.Integer(),
});

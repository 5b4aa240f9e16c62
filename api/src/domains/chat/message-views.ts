import type { ChatEntry, ChatMessage, Locale, MessageType, Profile } from '@dating/shared/contract/index';
import { toChatPhoto } from './chat-photos';
import { toGift, type GiftRow } from './gifts';

/** ISO 8601 in UTC with milliseconds, made by PostgreSQL (as chats.ts does). */
export const isoSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const MESSAGE_COLUMNS = `m.id, m.conversation_id, m.sender_id, m.client_id, m.type, m.body, m.gift_id,
  m.photo_id, ph.width AS photo_width, ph.height AS photo_height,
  ${isoSql('m.created_at')} AS sent_at, ${isoSql('m.read_at')} AS read_at`;
export const MESSAGE_FROM = 'messages m LEFT JOIN chat_photos ph ON ph.id = m.photo_id';

export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  client_id: string | null;
  type: MessageType;
  body: string | null;
  gift_id: number | null;
  photo_id: number | null;
  photo_width: number | null;
  photo_height: number | null;
  sent_at: string;
  read_at: string | null;
}

export interface ViewContext {
  viewer: number;
  locale: Locale;
  giftCredits: number;
  gifts: ReadonlyMap<number, GiftRow>;
}

/** A stored message as `viewer` sees it. The client id is the sender's own business: only they get it back. */
export function toMessage(row: MessageRow, ctx: ViewContext): ChatMessage {
  const gift = row.gift_id !== null ? ctx.gifts.get(row.gift_id) : undefined;
  const mine = row.sender_id === ctx.viewer;
  return {
    id: row.id,
    conversation: row.conversation_id,
    client_id: mine ? row.client_id : null,
    from_me: mine,
    type: row.type,
    text: row.body,
    gift: gift ? toGift(gift, ctx.locale, ctx.giftCredits) : null,
    photo:
      row.photo_id !== null && row.photo_width !== null && row.photo_height !== null
        ? toChatPhoto({ id: row.photo_id, width: row.photo_width, height: row.photo_height })
        : null,
    sent_at: row.sent_at,
    read_at: row.read_at,
  };
}

/** The chat-list entry of one member after a message, without reading the whole list again. */
export function toChatEntry(
  conversation: { id: number; updated_at: string },
  partner: Profile,
  unread: number,
  message: ChatMessage,
): ChatEntry {
  return {
    conversation,
    profile: partner,
    num_unread_messages: unread,
    last_message: {
      text: message.text,
      type: message.type,
      from_me: message.from_me,
      sent_at: message.sent_at,
    },
  };
}

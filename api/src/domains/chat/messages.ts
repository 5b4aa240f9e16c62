import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { FREE_CHAT_LIMIT } from '@dating/shared/constants';
import { isLocale } from '@dating/shared/contract/index';
import type {
  Locale,
  MessagesResponse,
  MessageType,
  Profile,
  SendMessageResponse,
} from '@dating/shared/contract/index';
import type { Db, RawDb, Tx } from '../../db/client';
import { first } from '../../db/sql';
import { ApiError, badInput, notFound } from '../../lib/errors';
import type { LiveHub } from '../../lib/live';
import type { BlockedService, ProfileCache } from '../members';
import type { CreditsService } from '../payments';
import type { ChatPhotosService } from './chat-photos';
import type { ChatsService } from './chats';
import type { CountersService } from './counters';
import type { GiftRow, GiftsService } from './gifts';
import {
  MESSAGE_COLUMNS,
  MESSAGE_FROM,
  isoSql,
  toChatEntry,
  toMessage,
  type MessageRow,
  type ViewContext,
} from './message-views';

export const PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;
/** C0 controls except tab, line feed and carriage return, and DEL: never part of a message people wrote. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export interface Sender {
  id: number;
  siteId: number;
  language: Locale;
}
export interface Costs {
  message_credits: number;
  photo_credits: number;
  gift_credits: number;
  message_length: number;
}
export interface SendInput {
  conversation?: number;
  member?: number;
  client_id: string;
  type: MessageType;
  text?: string;
  gift_id?: number;
  photo_id?: number;
}

interface ConversationRow {
  id: number;
  user_a: number;
  user_b: number;
  started_by: number;
}

/** Rolls a send's transaction back because the same client id was stored meanwhile: answer that message. */
class AlreadyStored extends Error {}

const partnerOf = (c: { user_a: number; user_b: number }, me: number) =>
  c.user_a === me ? c.user_b : c.user_a;

export function createMessagesService(deps: {
  db: Db;
  raw: RawDb;
  credits: CreditsService;
  chats: ChatsService;
  profiles: ProfileCache;
  blocked: BlockedService;
  gifts: GiftsService;
  photos: ChatPhotosService;
  counters: CountersService;
  live: LiveHub;
  log: FastifyBaseLogger;
}) {
  const { db, raw } = deps;

  async function viewContext(viewer: number, locale: Locale, giftCredits: number): Promise<ViewContext> {
    const gifts = new Map<number, GiftRow>((await deps.gifts.list()).map((g) => [g.id, g]));
    return { viewer, locale, giftCredits, gifts };
  }

  async function messageRow(where: string, params: unknown[], name: string): Promise<MessageRow | undefined> {
    const [row] = await raw.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE ${where}`,
      params,
      name,
    );
    return row;
  }

  /** The partner of a conversation as the viewer may see them: 404 when deleted, blocked or gone. */
  async function visiblePartner(me: number, partnerId: number): Promise<Profile> {
    const [hidden, profiles] = await Promise.all([
      deps.blocked.hiddenFor(me),
      deps.profiles.getMany([partnerId]),
    ]);
    const profile = profiles.get(partnerId);
    if (!profile || hidden.has(partnerId)) throw notFound();
    return profile;
  }

  /** Marks the partner's messages read; tells the partner (read receipt) and my other tabs (counters). */
  async function markRead(me: number, conversation: ConversationRow): Promise<number | null> {
    const found = await raw.query<{ up_to: number | null; read_at: string | null }>(
      `WITH done AS (UPDATE messages SET read_at = now()
                     WHERE conversation_id = $1 AND sender_id <> $2 AND read_at IS NULL RETURNING id, read_at)
       SELECT max(id) AS up_to, ${isoSql('max(read_at)')} AS read_at FROM done`,
      [conversation.id, me],
      'messages_mark_read',
    );
    const upTo = found[0]?.up_to ?? null;
    if (upTo === null) return null;
    deps.chats.invalidate(me);
    deps.live.publish(partnerOf(conversation, me), {
      type: 'read',
      conversation: conversation.id,
      up_to: upTo,
      read_at: found[0]!.read_at!,
    });
    void deps.counters
      .of(me)
      .then((c) => deps.live.publish(me, { type: 'counters', ...c }))
      .catch((err: unknown) => deps.log.warn({ err }, 'counters not published'));
    return upTo;
  }

  async function myConversation(
    me: number,
    ref: { conversation?: number; member?: number },
  ): Promise<ConversationRow> {
    let row: ConversationRow | undefined;
    if (ref.conversation !== undefined) {
      [row] = await raw.query<ConversationRow>(
        `SELECT id, user_a, user_b, started_by FROM conversations
         WHERE id = $1 AND ((user_a = $2 AND NOT deleted_by_a) OR (user_b = $2 AND NOT deleted_by_b))`,
        [ref.conversation, me],
        'conversation_of_member',
      );
    } else if (ref.member !== undefined) {
      const [a, b] = me < ref.member ? [me, ref.member] : [ref.member, me];
      [row] = await raw.query<ConversationRow>(
        `SELECT id, user_a, user_b, started_by FROM conversations
         WHERE user_a = $1 AND user_b = $2 AND NOT (CASE WHEN user_a = $3 THEN deleted_by_a ELSE deleted_by_b END)`,
        [a, b, me],
        'conversation_of_pair',
      );
    }
    if (!row) throw notFound();
    return row;
  }

  function checkText(text: string | undefined, max: number): string {
    if (text === undefined || text.trim() === '') throw badInput('text', 'message_empty');
    if (CONTROL_CHARS.test(text)) throw badInput('text');
    const body = text.trim();
    // Characters as people count them (code points), not UTF-16 units.
    if ([...body].length > max) throw new ApiError(400, 'message_too_long', { max, field: 'text' }, 'text');
    return body;
  }

  /** The stored message of this client id as the sender sees it, with the state around it. */
  async function answerStored(sender: Sender, costs: Costs, row: MessageRow): Promise<SendMessageResponse> {
    const ctx = await viewContext(sender.id, sender.language, costs.gift_credits);
    const message = toMessage(row, ctx);
    const [conv] = await raw.query<
      ConversationRow & { updated_at: string; unread_a: number; unread_b: number }
    >(
      `SELECT id, user_a, user_b, started_by, ${isoSql('updated_at')} AS updated_at, unread_a, unread_b
       FROM conversations WHERE id = $1`,
      [row.conversation_id],
    );
    if (!conv) throw notFound();
    const partner = (await deps.profiles.getMany([partnerOf(conv, sender.id)])).get(
      partnerOf(conv, sender.id),
    );
    if (!partner) throw new ApiError(410, 'member_unavailable');
    const unread = conv.user_a === sender.id ? conv.unread_a : conv.unread_b;
    return {
      message,
      chat: toChatEntry({ id: conv.id, updated_at: conv.updated_at }, partner, unread, message),
      credits: await deps.credits.balance(sender.id),
    };
  }

  return {
    /** `GET /api/messages.php`: one page, newest first in SQL (index messages_conversation_idx), oldest first out. */
    async page(
      me: number,
      locale: Locale,
      giftCredits: number,
      ref: { conversation?: number; member?: number; before?: number; limit?: number },
    ): Promise<MessagesResponse> {
      const conversation = await myConversation(me, ref);
      const profile = await visiblePartner(me, partnerOf(conversation, me));
      // Only the newest page means "I am reading this conversation now".
      if (ref.before === undefined) await markRead(me, conversation);
      const limit = Math.min(ref.limit ?? PAGE_SIZE, MAX_PAGE_SIZE);
      const found = await raw.query<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM}
         WHERE m.conversation_id = $1 AND ($2::int IS NULL OR m.id < $2) ORDER BY m.id DESC LIMIT $3`,
        [conversation.id, ref.before ?? null, limit + 1],
        'messages_page',
      );
      const more = found.length > limit;
      const page = more ? found.slice(0, limit) : found;
      const ctx = await viewContext(me, locale, giftCredits);
      return {
        conversation: { id: conversation.id, started_by_me: conversation.started_by === me },
        profile,
        messages: page.reverse().map((row) => toMessage(row, ctx)),
        next_cursor: more ? String(page[0]!.id) : null,
      };
    },

    /** `PUT /api/messages.php`: read while open. */
    async read(me: number, conversationId: number): Promise<number | null> {
      const conversation = await myConversation(me, { conversation: conversationId });
      return markRead(me, conversation);
    },

    /** `POST /api/typing.php`: tells the partner, nothing stored. */
    async typing(me: number, conversationId: number): Promise<void> {
      const conversation = await myConversation(me, { conversation: conversationId });
      const partner = partnerOf(conversation, me);
      if ((await deps.blocked.hiddenFor(me)).has(partner)) throw notFound();
      deps.live.publish(partner, { type: 'typing', conversation: conversation.id, member: me });
    },

    /**
     * `POST /api/messages.php`. Stored, paid and acknowledged in one transaction: the message row, the ledger row
     * and the balance commit together or not at all. The sender's user row is locked first, so a member's sends
     * run one after another: the free chat limit is counted under that lock, and a second send with the same
     * client id finds the first one stored and answers it (one message, one debit).
     */
    async send(sender: Sender, costs: Costs, input: SendInput): Promise<SendMessageResponse> {
      const me = sender.id;
      if ((input.conversation === undefined) === (input.member === undefined)) throw badInput('conversation');
      const body = input.type === 'text' ? checkText(input.text, costs.message_length) : null;
      if (input.type === 'gift' && input.gift_id === undefined) throw badInput('gift_id');
      if (input.type === 'photo' && input.photo_id === undefined) throw badInput('photo_id');

      const storedRow = () =>
        messageRow('m.sender_id = $1 AND m.client_id = $2', [me, input.client_id], 'message_by_client_id');
      const earlier = await storedRow();
      if (earlier) return answerStored(sender, costs, earlier);

      // Who the message is for.
      let partnerId: number;
      if (input.conversation !== undefined) {
        partnerId = partnerOf(await myConversation(me, { conversation: input.conversation }), me);
      } else {
        partnerId = input.member!;
        if (partnerId === me) throw badInput('member');
      }
      const [partner] = await raw.query<{
        status: string;
        site_id: number;
        fictional: boolean;
        language: string;
      }>(
        'SELECT u.status, u.site_id, u.fictional, u.language FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = $1',
        [partnerId],
        'message_partner',
      );
      if (!partner || (partner.site_id !== sender.siteId && !partner.fictional)) throw notFound();
      if (partner.status === 'deleted') throw new ApiError(410, 'member_unavailable');
      if ((await deps.blocked.hiddenFor(me)).has(partnerId)) throw new ApiError(403, 'blocked');

      let giftId: number | null = null;
      let photoId: number | null = null;
      let photo: { width: number; height: number } | undefined;
      let cost = costs.message_credits;
      let kind: 'message' | 'gift' | 'photo' = 'message';
      if (input.type === 'gift') {
        const gift = await deps.gifts.byId(input.gift_id!);
        if (!gift) throw new ApiError(404, 'not_found', { field: 'gift_id' }, 'gift_id');
        [giftId, cost, kind] = [gift.id, costs.gift_credits, 'gift'];
      } else if (input.type === 'photo') {
        const owned = await deps.photos.ownedBy(me, input.photo_id!);
        if (!owned) throw new ApiError(404, 'not_found', { field: 'photo_id' }, 'photo_id');
        if (owned === 'not_mine') throw new ApiError(403, 'forbidden', { field: 'photo_id' }, 'photo_id');
        [photoId, cost, kind, photo] = [owned.id, costs.photo_credits, 'photo', owned];
      }

      const [a, b] = me < partnerId ? [me, partnerId] : [partnerId, me];
      let stored: {
        id: number;
        sent_at: string;
        conversation: ConversationRow;
        updated_at: string;
        unread_me: number;
        unread_partner: number;
        balance: number;
      };
      try {
        stored = await db.transaction(async (tx: Tx) => {
          // One round trip: the lock on my row, and what the send depends on. After waiting for the lock the
          // EXISTS parts may still see the snapshot from before it; the unique index on (sender_id, client_id)
          // and ON CONFLICT below are the net for a duplicate that committed meanwhile.
          const lock = await first<
            {
              paid_user: boolean;
              credits: number;
              stored: boolean;
              blocked: boolean;
            } & Partial<ConversationRow>
          >(
            tx,
            sql`SELECT u.paid_user, u.credits,
                  EXISTS (SELECT 1 FROM messages WHERE sender_id = ${me} AND client_id = ${input.client_id}) AS stored,
                  EXISTS (SELECT 1 FROM blocks WHERE (user_id = ${me} AND blocked_id = ${partnerId})
                                                  OR (user_id = ${partnerId} AND blocked_id = ${me})) AS blocked,
                  c.id, c.user_a, c.user_b, c.started_by
                FROM users u LEFT JOIN conversations c ON c.user_a = ${a} AND c.user_b = ${b}
                WHERE u.id = ${me} FOR UPDATE OF u`,
          );
          if (!lock) throw notFound();
          if (lock.stored) throw new AlreadyStored();
          // A block that committed a moment ago (the cache above may not know yet).
          if (lock.blocked) throw new ApiError(403, 'blocked');
          let conversation: ConversationRow | undefined =
            lock.id != null
              ? { id: lock.id, user_a: lock.user_a!, user_b: lock.user_b!, started_by: lock.started_by! }
              : undefined;
          if (!conversation) {
            if (!lock.paid_user) {
              const started = await first<{ n: number | string }>(
                tx,
                sql`SELECT count(*) AS n FROM conversations WHERE started_by = ${me}`,
              );
              if (Number(started?.n ?? 0) >= FREE_CHAT_LIMIT)
                throw new ApiError(403, 'chat_limit', { limit: FREE_CHAT_LIMIT });
            }
            // The partner may be starting it at this very moment: then theirs is the one.
            conversation =
              (await first<ConversationRow>(
                tx,
                sql`INSERT INTO conversations (user_a, user_b, started_by) VALUES (${a}, ${b}, ${me})
                    ON CONFLICT (user_a, user_b) DO NOTHING RETURNING id, user_a, user_b, started_by`,
              )) ??
              (await first<ConversationRow>(
                tx,
                sql`SELECT id, user_a, user_b, started_by FROM conversations WHERE user_a = ${a} AND user_b = ${b}`,
              ));
          }
          const row = await first<{ id: number; sent_at: string }>(
            tx,
            sql`INSERT INTO messages (conversation_id, sender_id, client_id, type, body, gift_id, photo_id, credits_spent)
                VALUES (${conversation!.id}, ${me}, ${input.client_id}, ${input.type}, ${body}, ${giftId}, ${photoId}, ${cost})
                ON CONFLICT (sender_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
                RETURNING id, ${sql.raw(isoSql('created_at'))} AS sent_at`,
          );
          if (!row) throw new AlreadyStored();
          const balance =
            cost > 0
              ? await deps.credits.debit({ userId: me, amount: cost, kind, ref: `message:${row.id}` }, tx)
              : lock.credits;
          // Sending brings a conversation back for both (either may have removed it from their list).
          const after = await first<{ updated_at: string; unread_a: number; unread_b: number }>(
            tx,
            sql`UPDATE conversations SET updated_at = now(), deleted_by_a = FALSE, deleted_by_b = FALSE
                WHERE id = ${conversation!.id}
                RETURNING ${sql.raw(isoSql('updated_at'))} AS updated_at, unread_a, unread_b`,
          );
          const meIsA = conversation!.user_a === me;
          return {
            id: row.id,
            sent_at: row.sent_at,
            conversation: conversation!,
            updated_at: after!.updated_at,
            unread_me: meIsA ? after!.unread_a : after!.unread_b,
            unread_partner: meIsA ? after!.unread_b : after!.unread_a,
            balance,
          };
        });
      } catch (err) {
        if (!(err instanceof AlreadyStored)) throw err;
        const row = await storedRow();
        if (!row) throw err;
        return answerStored(sender, costs, row);
      }

      // Committed: the answer, then the live events (ARCHITECTURE §7b).
      deps.chats.invalidate(me, partnerId);
      const row: MessageRow = {
        id: stored.id,
        conversation_id: stored.conversation.id,
        sender_id: me,
        client_id: input.client_id,
        type: input.type,
        body,
        gift_id: giftId,
        photo_id: photoId,
        photo_width: photo?.width ?? null,
        photo_height: photo?.height ?? null,
        sent_at: stored.sent_at,
        read_at: null,
      };
      const partnerLocale: Locale = isLocale(partner.language) ? partner.language : 'nl';
      const [mine, profiles] = await Promise.all([
        viewContext(me, sender.language, costs.gift_credits),
        deps.profiles.getMany([me, partnerId]),
      ]);
      const message = toMessage(row, mine);
      const conversationRef = { id: stored.conversation.id, updated_at: stored.updated_at };
      const partnerProfile = profiles.get(partnerId);
      const meProfile = profiles.get(me);
      const chat = partnerProfile
        ? toChatEntry(conversationRef, partnerProfile, stored.unread_me, message)
        : toChatEntry(conversationRef, meProfile!, stored.unread_me, message);
      deps.live.publish(me, { type: 'message', conversation: conversationRef.id, message, chat });
      if (meProfile) {
        const theirs = toMessage(row, await viewContext(partnerId, partnerLocale, costs.gift_credits));
        deps.live.publish(partnerId, {
          type: 'message',
          conversation: conversationRef.id,
          message: theirs,
          chat: toChatEntry(conversationRef, meProfile, stored.unread_partner, theirs),
        });
      }
      void Promise.all([deps.counters.of(partnerId), deps.counters.of(me)])
        .then(([theirs, own]) => {
          deps.live.publish(partnerId, { type: 'counters', ...theirs });
          deps.live.publish(me, { type: 'counters', ...own });
        })
        .catch((err: unknown) => deps.log.warn({ err }, 'counters not published'));
      return { message, chat, credits: stored.balance };
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;

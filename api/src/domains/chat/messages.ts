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
import { visibleOnSite, type BlockedService, type ProfileCache } from '../members';
import type { CreditsService } from '../payments';
import type { ChatPhotosService } from './chat-photos';
import { PUBLISHED_SQL, type ChatsService } from './chats';
import { createCountersBatch, type CountersService } from './counters';
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
  /** The sender's language (gift names in the answer); read with the send when not given. */
  language?: Locale;
}
export interface Costs {
  /** The site's niche: whom the site shows (members/site-scope.ts); general when absent. */
  niche?: number;
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
/** The send's answer when the client id was stored before (the transaction path). */
class Answered extends Error {
  constructor(readonly response: SendMessageResponse) {
    super('answered');
  }
}

/** A committed send, as the answer and the live events need it. */
interface StoredSend {
  id: number;
  sent_at: string;
  conversation: ConversationRow;
  updated_at: string;
  unread_me: number;
  unread_partner: number;
  balance: number;
  partner_language: string;
  language: string;
}

const partnerOf = (c: { user_a: number; user_b: number }, me: number) =>
  c.user_a === me ? c.user_b : c.user_a;

/**
 * Every send of a member takes this lock first (both paths), so they queue here and not on the member's row. On
 * the row they would deadlock: this statement's snapshot is older than the row when it had to wait, so the
 * foreign-key checks of its inserts walk from the old row version through the updated ones, and a send waiting on
 * the row holds the tuple lock there (summary-drift.test found it). `::text` because the function returns void.
 */
const SEND_LOCK_KEY = 7271;
const SEND_LOCK_SQL = `pg_advisory_xact_lock(${SEND_LOCK_KEY}, $1)::text`;

/**
 * A send in one statement, in its own implicit transaction (ADR 0014, addendum "the send"): no BEGIN, no COMMIT,
 * one round trip. `s` locks my row (FOR NO KEY UPDATE: my sends one after another, as in the two-statement path) and
 * returns its newest version, so `s.credits` is the balance nobody else can change before this statement ends;
 * `chk` reads what the send depends on; the writes run only when `ok` holds, so a refused send writes nothing.
 * The debit is the last guard: it runs when the message was stored, and `CHECK (credits >= 0)` would abort the
 * whole statement (message included) rather than let a balance go negative. Not for a member who may not start
 * another conversation (a free member without one with this partner): `needs_lock_first` sends them down the
 * transaction, whose count of started chats must see every start committed before the lock.
 * Parameters: $1 me, $2 partner, $3 client id, $4 type, $5 body, $6 gift, $7 photo, $8 cost, $9 user_a, $10 user_b,
 * $11 ledger kind.
 */
function oneStatementSend(visible: string): string {
  return `WITH s AS (SELECT id, paid_user, credits, language FROM users
                  WHERE id = $1 AND (SELECT ${SEND_LOCK_SQL}) IS NOT NULL FOR NO KEY UPDATE),
  chk AS (
    SELECT s.paid_user, s.credits, s.language,
      EXISTS (SELECT 1 FROM messages WHERE sender_id = $1 AND client_id = $3) AS stored,
      EXISTS (SELECT 1 FROM blocks WHERE (user_id = $1 AND blocked_id = $2) OR (user_id = $2 AND blocked_id = $1)) AS blocked,
      u.status AS partner_status, ${visible} AS partner_on_site, u.language AS partner_language,
      c.id AS conversation_id, c.unread_a, c.unread_b, ${PUBLISHED_SQL} AS published
    FROM s
    LEFT JOIN (users u JOIN profiles p ON p.user_id = u.id) ON u.id = $2
    LEFT JOIN conversations c ON c.user_a = $9 AND c.user_b = $10),
  ok AS (
    SELECT conversation_id FROM chk
    WHERE NOT stored AND NOT blocked AND partner_status IS NOT NULL AND partner_status <> 'deleted' AND partner_on_site
      AND (conversation_id IS NOT NULL OR paid_user) AND ($8::int = 0 OR credits >= $8::int)),
  conv_old AS (
    UPDATE conversations SET updated_at = now(), deleted_by_a = FALSE, deleted_by_b = FALSE
    WHERE id = (SELECT conversation_id FROM ok)
    RETURNING id, user_a, user_b, started_by, updated_at),
  conv_new AS (
    INSERT INTO conversations (user_a, user_b, started_by) SELECT $9, $10, $1 FROM ok WHERE ok.conversation_id IS NULL
    ON CONFLICT (user_a, user_b) DO UPDATE SET updated_at = now(), deleted_by_a = FALSE, deleted_by_b = FALSE
    RETURNING id, user_a, user_b, started_by, updated_at),
  conv AS (SELECT * FROM conv_old UNION ALL SELECT * FROM conv_new),
  msg AS (
    INSERT INTO messages (conversation_id, sender_id, client_id, type, body, gift_id, photo_id, credits_spent)
    SELECT conv.id, $1, $3, $4, $5, $6::int, $7::int, $8::int FROM conv
    ON CONFLICT (sender_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
    RETURNING id, created_at),
  debit AS (
    UPDATE users SET credits = credits - $8::int
    WHERE id = $1 AND $8::int > 0 AND EXISTS (SELECT 1 FROM msg)
    RETURNING credits),
  ledger AS (
    INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
    SELECT $1, $11, -$8::int, debit.credits, 'message:' || msg.id FROM debit, msg)
  SELECT chk.paid_user, chk.credits, chk.language, chk.stored, chk.blocked, chk.partner_status, chk.partner_on_site,
    chk.partner_language, chk.conversation_id AS existing_id, chk.unread_a, chk.unread_b,
    conv.id, conv.user_a, conv.user_b, conv.started_by, ${isoSql('conv.updated_at')} AS updated_at,
    msg.id AS message_id, ${isoSql('msg.created_at')} AS sent_at,
    COALESCE((SELECT credits FROM debit), chk.credits) AS balance
  FROM chk LEFT JOIN conv ON TRUE LEFT JOIN msg ON TRUE`;
}

interface OneStatementRow {
  paid_user: boolean;
  credits: number;
  language: string;
  stored: boolean;
  blocked: boolean;
  partner_status: string | null;
  partner_on_site: boolean | null;
  partner_language: string | null;
  existing_id: number | null;
  unread_a: number | null;
  unread_b: number | null;
  id: number | null;
  user_a: number | null;
  user_b: number | null;
  started_by: number | null;
  updated_at: string | null;
  message_id: number | null;
  sent_at: string | null;
  balance: number;
}

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
  /** Prepared-statement names of the one-statement send, one per text (the site's visibility rule is in it). */
  const sendStatements = new Map<string, { text: string; name: string }>();
  /** `counters` after sends and reads: batched, and only for members whose open page heard the change. */
  const countersBatch = createCountersBatch(deps.counters, deps.live, deps.log);
  const countersSoon = (userId: number) => countersBatch.soon(userId);

  /** The catalogue by id, built once per catalogue read (twice per send before: the sender's and the partner's). */
  const giftMaps = new WeakMap<readonly GiftRow[], Map<number, GiftRow>>();
  async function viewContext(viewer: number, locale: Locale, giftCredits: number): Promise<ViewContext> {
    const list = await deps.gifts.list();
    let gifts = giftMaps.get(list);
    if (!gifts) giftMaps.set(list, (gifts = new Map(list.map((g) => [g.id, g]))));
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
       SELECT max(id) AS up_to, ${isoSql('max(read_at)')} AS read_at, ${PUBLISHED_SQL} AS published FROM done`,
      [conversation.id, me],
      'messages_mark_read',
    );
    const upTo = found[0]?.up_to ?? null;
    if (upTo === null) return null;
    deps.chats.changed(me, partnerOf(conversation, me));
    deps.live.publish(partnerOf(conversation, me), {
      type: 'read',
      conversation: conversation.id,
      up_to: upTo,
      read_at: found[0]!.read_at!,
    });
    // My other tabs' badges; on one node only when I have an open page at all.
    if (deps.live.reachable(me)) countersSoon(me);
    return upTo;
  }

  /** My conversation, with my language (the page's gift names: no user row is loaded for a page, ADR 0031). */
  async function myConversation(
    me: number,
    ref: { conversation?: number; member?: number },
  ): Promise<ConversationRow & { language: string }> {
    let row: (ConversationRow & { language: string }) | undefined;
    if (ref.conversation !== undefined) {
      [row] = await raw.query<ConversationRow & { language: string }>(
        `SELECT c.id, c.user_a, c.user_b, c.started_by, u.language FROM conversations c JOIN users u ON u.id = $2
         WHERE c.id = $1 AND ((c.user_a = $2 AND NOT c.deleted_by_a) OR (c.user_b = $2 AND NOT c.deleted_by_b))`,
        [ref.conversation, me],
        'conversation_of_member',
      );
    } else if (ref.member !== undefined) {
      const [a, b] = me < ref.member ? [me, ref.member] : [ref.member, me];
      [row] = await raw.query<ConversationRow & { language: string }>(
        `SELECT c.id, c.user_a, c.user_b, c.started_by, u.language FROM conversations c JOIN users u ON u.id = $3
         WHERE c.user_a = $1 AND c.user_b = $2 AND NOT (CASE WHEN c.user_a = $3 THEN c.deleted_by_a ELSE c.deleted_by_b END)`,
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

  async function languageOf(userId: number): Promise<Locale> {
    const [row] = await raw.query<{ language: string }>('SELECT language FROM users WHERE id = $1', [userId]);
    return isLocale(row?.language) ? row.language : 'nl';
  }

  /** The stored message of this client id as the sender sees it, with the state around it. */
  async function answerStored(sender: Sender, costs: Costs, row: MessageRow): Promise<SendMessageResponse> {
    const ctx = await viewContext(
      sender.id,
      sender.language ?? (await languageOf(sender.id)),
      costs.gift_credits,
    );
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
      const locale: Locale = isLocale(conversation.language) ? conversation.language : 'nl';
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
     * and the balance commit together or not at all. The sender's advisory lock and user row are locked first, so
     * a member's sends run one after another: the free chat limit is counted under that lock, and a second send
     * with the same client id finds the first one stored and answers it (one message, one debit). Usually one
     * statement (`oneStatementSend`); a free member starting a conversation, or a deadlock victim, goes through the
     * two-statement transaction.
     */
    async send(sender: Sender, costs: Costs, input: SendInput): Promise<SendMessageResponse> {
      const me = sender.id;
      if ((input.conversation === undefined) === (input.member === undefined)) throw badInput('conversation');
      const body = input.type === 'text' ? checkText(input.text, costs.message_length) : null;
      if (input.type === 'gift' && input.gift_id === undefined) throw badInput('gift_id');
      if (input.type === 'photo' && input.photo_id === undefined) throw badInput('photo_id');

      // Who the message is for.
      let partnerId: number;
      if (input.conversation !== undefined) {
        partnerId = partnerOf(await myConversation(me, { conversation: input.conversation }), me);
      } else {
        partnerId = input.member!;
        if (partnerId === me) throw badInput('member');
      }

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
      // Only members this site shows can be written to (one rule with search and profiles: visibleOnSite).
      const site = { id: sender.siteId, niche: costs.niche ?? 1 };
      const visible = visibleOnSite(site);
      let statement = sendStatements.get(visible);
      if (statement === undefined) {
        statement = { text: oneStatementSend(visible), name: `message_send_${sendStatements.size}` };
        sendStatements.set(visible, statement);
      }
      /** A retried send: this client id is stored already, so the answer is that message (one message, one debit). */
      async function answerRetried(err: AlreadyStored): Promise<SendMessageResponse> {
        const row = await messageRow(
          'm.sender_id = $1 AND m.client_id = $2',
          [me, input.client_id],
          'message_by_client_id',
        );
        if (!row) throw err;
        return answerStored(sender, costs, row);
      }

      let one: OneStatementRow | undefined;
      // A deadlock victim wrote nothing (one statement); it goes the transaction's way, which cannot deadlock so.
      let deadlocked = false;
      try {
        [one] = await raw.query<OneStatementRow>(
          statement.text,
          [me, partnerId, input.client_id, input.type, body, giftId, photoId, cost, a, b, kind],
          statement.name,
        );
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01') throw err;
        deadlocked = true;
        deps.log.warn({ err }, 'one-statement send deadlocked; sent in a transaction');
      }
      let stored: StoredSend | undefined;
      try {
        if (!deadlocked) {
          if (!one) throw notFound();
          if (one.stored) throw new AlreadyStored();
          if (!one.partner_status || !one.partner_on_site) throw notFound();
          if (one.partner_status === 'deleted') throw new ApiError(410, 'member_unavailable');
          if (one.blocked) throw new ApiError(403, 'blocked');
          if (one.existing_id !== null || one.paid_user) {
            if (cost > 0 && one.credits < cost) throw new ApiError(402, 'insufficient_credits');
            // The conversation was deleted (a block, an erasure) while I waited for my lock.
            if (one.id === null) throw notFound();
            // The same client id was stored by a send that committed while I waited.
            if (one.message_id === null) throw new AlreadyStored();
            const meIsA = one.user_a === me;
            const before =
              one.existing_id === one.id ? { a: one.unread_a ?? 0, b: one.unread_b ?? 0 } : { a: 0, b: 0 };
            stored = {
              id: one.message_id,
              sent_at: one.sent_at!,
              conversation: {
                id: one.id,
                user_a: one.user_a!,
                user_b: one.user_b!,
                started_by: one.started_by!,
              },
              updated_at: one.updated_at!,
              unread_me: meIsA ? before.a : before.b,
              unread_partner: (meIsA ? before.b : before.a) + 1,
              balance: one.balance,
              partner_language: one.partner_language ?? 'nl',
              language: one.language,
            };
          }
        }
      } catch (err) {
        if (!(err instanceof AlreadyStored)) throw err;
        return answerRetried(err);
      }
      // A free member starting a conversation (the transaction counts their chats under the lock), or a deadlock.
      if (!stored) {
        try {
          stored = await sendInTransaction();
        } catch (err) {
          if (err instanceof Answered) return err.response;
          throw err;
        }
      }
      return afterCommit(stored);

      async function sendInTransaction(): Promise<StoredSend> {
        let stored: StoredSend;
        try {
          // Two statements in one transaction (issue 9, speed): the first locks my row and reads everything the
          // send depends on; the second stores the message, debits it with its ledger row and brings the
          // conversation back for both, or does none of it.
          stored = await db.transaction(async (tx: Tx) => {
            // FOR NO KEY UPDATE: it excludes my other sends as FOR UPDATE did, but not the foreign-key checks of
            // other transactions (a partner starting a conversation with me, a block), which take KEY SHARE on my
            // row; with FOR UPDATE those waited, and sends both ways plus a block deadlocked (summary-drift.test).
            // After waiting for the lock the EXISTS parts may still see the snapshot from before it; the unique
            // index on (sender_id, client_id) and ON CONFLICT below are the net for a duplicate that committed
            // meanwhile. The partner is `u`/`p` (the aliases visibleOnSite speaks of).
            const lock = await first<
              {
                paid_user: boolean;
                credits: number;
                language: string;
                stored: boolean;
                blocked: boolean;
                partner_status: string | null;
                partner_on_site: boolean | null;
                partner_language: string | null;
                unread_a: number | null;
                unread_b: number | null;
              } & Partial<ConversationRow>
            >(
              tx,
              sql`SELECT s.paid_user, s.credits, s.language,
                  EXISTS (SELECT 1 FROM messages WHERE sender_id = ${me} AND client_id = ${input.client_id}) AS stored,
                  EXISTS (SELECT 1 FROM blocks WHERE (user_id = ${me} AND blocked_id = ${partnerId})
                                                  OR (user_id = ${partnerId} AND blocked_id = ${me})) AS blocked,
                  u.status AS partner_status, ${sql.raw(visibleOnSite(site))} AS partner_on_site,
                  u.language AS partner_language,
                  c.id, c.user_a, c.user_b, c.started_by, c.unread_a, c.unread_b,
                  ${sql.raw(PUBLISHED_SQL)} AS published
                FROM users s
                LEFT JOIN (users u JOIN profiles p ON p.user_id = u.id) ON u.id = ${partnerId}
                LEFT JOIN conversations c ON c.user_a = ${a} AND c.user_b = ${b}
                WHERE s.id = ${me} AND (SELECT pg_advisory_xact_lock(${SEND_LOCK_KEY}, ${me}::int)::text) IS NOT NULL
                FOR NO KEY UPDATE OF s`,
            );
            if (!lock) throw notFound();
            if (lock.stored) throw new AlreadyStored();
            if (!lock.partner_status || !lock.partner_on_site) throw notFound();
            if (lock.partner_status === 'deleted') throw new ApiError(410, 'member_unavailable');
            if (lock.blocked) throw new ApiError(403, 'blocked');
            if (lock.id == null && !lock.paid_user) {
              // Counted in a statement of its own: it sees every conversation committed before my lock was
              // granted (the statement above may still have the snapshot from before it waited).
              const started = await first<{ n: number | string }>(
                tx,
                sql`SELECT count(*) AS n FROM conversations WHERE started_by = ${me}`,
              );
              if (Number(started?.n ?? 0) >= FREE_CHAT_LIMIT)
                throw new ApiError(403, 'chat_limit', { limit: FREE_CHAT_LIMIT });
            }
            // My row is locked: the balance cannot change before the debit below.
            if (cost > 0 && lock.credits < cost) throw new ApiError(402, 'insufficient_credits');

            // The conversation (started now, or the partner's if they started it at this very moment) is brought
            // back for both (either may have removed it from their list); the message's summary triggers
            // (migration 0004) then set its last message and unread counts.
            const row = await first<
              ConversationRow & {
                message_id: number | null;
                sent_at: string;
                updated_at: string;
                balance: number;
              }
            >(
              tx,
              sql`WITH conv AS (${
                lock.id == null
                  ? sql`INSERT INTO conversations (user_a, user_b, started_by) VALUES (${a}, ${b}, ${me})
                  ON CONFLICT (user_a, user_b) DO UPDATE
                    SET updated_at = now(), deleted_by_a = FALSE, deleted_by_b = FALSE
                  RETURNING id, user_a, user_b, started_by, updated_at`
                  : // It exists: a plain update, which neither probes the unique index nor runs the insert trigger
                    // that finds the fictional member (migration 0010).
                    sql`UPDATE conversations SET updated_at = now(), deleted_by_a = FALSE, deleted_by_b = FALSE
                  WHERE id = ${lock.id} RETURNING id, user_a, user_b, started_by, updated_at`
              }),
                msg AS (
                  INSERT INTO messages (conversation_id, sender_id, client_id, type, body, gift_id, photo_id, credits_spent)
                  SELECT conv.id, ${me}, ${input.client_id}, ${input.type}, ${body}, ${giftId}::int, ${photoId}::int, ${cost}::int
                  FROM conv
                  ON CONFLICT (sender_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
                  RETURNING id, created_at),
                debit AS (
                  UPDATE users SET credits = credits - ${cost}::int
                  WHERE id = ${me} AND ${cost}::int > 0 AND credits >= ${cost}::int AND EXISTS (SELECT 1 FROM msg)
                  RETURNING credits),
                ledger AS (
                  INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
                  SELECT ${me}, ${kind}, ${-cost}::int, debit.credits, 'message:' || msg.id FROM debit, msg)
                SELECT conv.id, conv.user_a, conv.user_b, conv.started_by,
                  ${sql.raw(isoSql('conv.updated_at'))} AS updated_at,
                  msg.id AS message_id, ${sql.raw(isoSql('msg.created_at'))} AS sent_at,
                  COALESCE((SELECT credits FROM debit), ${lock.credits}::int) AS balance
                FROM conv LEFT JOIN msg ON TRUE`,
            );
            // The conversation was deleted (a block, an erasure) after my lock was granted.
            if (!row) throw notFound();
            if (row.message_id === null) throw new AlreadyStored();
            if (cost > 0 && row.balance === lock.credits) throw new ApiError(402, 'insufficient_credits');
            const conversation = {
              id: row.id,
              user_a: row.user_a,
              user_b: row.user_b,
              started_by: row.started_by,
            };
            const meIsA = conversation.user_a === me;
            // The unread counts as they were under my lock, with this message added for the partner.
            const before =
              lock.id === row.id ? { a: lock.unread_a ?? 0, b: lock.unread_b ?? 0 } : { a: 0, b: 0 };
            return {
              id: row.message_id,
              sent_at: row.sent_at,
              conversation,
              updated_at: row.updated_at,
              unread_me: meIsA ? before.a : before.b,
              unread_partner: (meIsA ? before.b : before.a) + 1,
              balance: row.balance,
              partner_language: lock.partner_language ?? 'nl',
              language: lock.language,
            };
          });
        } catch (err) {
          if (!(err instanceof AlreadyStored)) throw err;
          throw new Answered(await answerRetried(err));
        }
        return stored;
      }

      async function afterCommit(stored: StoredSend): Promise<SendMessageResponse> {
        // Committed: the answer, then the live events (docs/adr/0008-live-channel.md).
        deps.chats.changed(me, partnerId);
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
        const partnerLocale: Locale = isLocale(stored.partner_language) ? stored.partner_language : 'nl';
        const [mine, profiles] = await Promise.all([
          viewContext(
            me,
            sender.language ?? (isLocale(stored.language) ? stored.language : 'nl'),
            costs.gift_credits,
          ),
          deps.profiles.getMany([me, partnerId]),
        ]);
        const message = toMessage(row, mine);
        const conversationRef = { id: stored.conversation.id, updated_at: stored.updated_at };
        const partnerProfile = profiles.get(partnerId);
        const meProfile = profiles.get(me);
        const chat = partnerProfile
          ? toChatEntry(conversationRef, partnerProfile, stored.unread_me, message)
          : toChatEntry(conversationRef, meProfile!, stored.unread_me, message);
        // My own copy matters only to my open pages (my other tabs); the partner's always goes out: when it
        // reaches no open page, the offline fallback (Web Push) takes it. Except to a fictional profile with no
        // open page: nobody is notified for one (offline.ts), and unheard the event would only cost the offline
        // notifier a query to find that out (staff answer from the reply queue). Counters (a batched statement)
        // go only to members whose open page the message event reached, on whichever node (the hub says so).
        if (deps.live.reachable(me)) {
          deps.live.publish(
            me,
            { type: 'message', conversation: conversationRef.id, message, chat },
            countersSoon,
          );
        }
        if (meProfile && !(partnerProfile?.fictional && !deps.live.reachable(partnerId))) {
          const theirs = toMessage(row, await viewContext(partnerId, partnerLocale, costs.gift_credits));
          deps.live.publish(
            partnerId,
            {
              type: 'message',
              conversation: conversationRef.id,
              message: theirs,
              chat: toChatEntry(conversationRef, meProfile, stored.unread_partner, theirs),
            },
            countersSoon,
          );
        }
        return { message, chat, credits: stored.balance };
      }
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;

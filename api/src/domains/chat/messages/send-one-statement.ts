// The usual write path of a send: one statement in its own implicit transaction (ADR 0014, addendum "the send").
import { ApiError, notFound } from '../../../lib/errors';
import { PUBLISHED_SQL } from '../chats';
import { isoSql } from '../message-views';
import type { OfflineMemberRow } from '../../../lib/live';
import type { MessagesContext } from './context';
import {
  AlreadyStored,
  refuseUnsendable,
  SEND_LOCK_SQL,
  storedSend,
  type PreparedSend,
  type SendChecks,
  type StoredSend,
} from './send-common';

/**
 * What the offline notifier reads about a partner with no open page (`offline_members` in live/offline.ts), read
 * with the send when the partner has no open page on this one node, so the unheard message costs no lookup after
 * it (ADR 0031 addendum). `away_prior` is the conversation's messages before this one (the snapshot predates the
 * insert): none makes this message a new conversation's first.
 */
const AWAY_CHECKS = `,
      u.site_id AS away_site_id, u.email AS away_email, u.fictional AS away_fictional, p.name AS away_name,
      EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = $2) AS away_has_push,
      coalesce(np.new_conversations, true) AS away_new_conversations,
      coalesce(np.new_messages, true) AS away_new_messages, coalesce(np."like", true) AS away_like,
      CASE WHEN c.id IS NULL THEN 0
        ELSE (SELECT count(*)::int FROM (SELECT 1 FROM messages WHERE conversation_id = c.id LIMIT 1) m) END AS away_prior`;
const AWAY_JOIN = `
    LEFT JOIN notification_preferences np ON np.user_id = $2`;
const AWAY_COLUMNS = `, chk.away_site_id, chk.away_email, chk.away_fictional, chk.away_name, chk.away_has_push,
    chk.away_new_conversations, chk.away_new_messages, chk.away_like, chk.away_prior`;

interface AwayColumns {
  away_site_id: number;
  away_email: string | null;
  away_fictional: boolean;
  away_name: string | null;
  away_has_push: boolean;
  away_new_conversations: boolean;
  away_new_messages: boolean;
  away_like: boolean;
  away_prior: number;
}

/** The partner as the offline notifier reads them, from the send's row. */
function awayMember(partnerId: number, one: OneStatementRow & AwayColumns): OfflineMemberRow {
  return {
    id: partnerId,
    site_id: one.away_site_id,
    email: one.away_email,
    language: one.partner_language ?? 'nl',
    status: one.partner_status!,
    fictional: one.away_fictional,
    name: one.away_name,
    conversation_messages: one.away_prior + 1,
    has_push: one.away_has_push,
    new_conversations: one.away_new_conversations,
    new_messages: one.away_new_messages,
    like: one.away_like,
  };
}

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
function oneStatementSend(visible: string, away: boolean): string {
  return `WITH s AS (SELECT id, paid_user, credits, language FROM users
                  WHERE id = $1 AND (SELECT ${SEND_LOCK_SQL}) IS NOT NULL FOR NO KEY UPDATE),
  chk AS (
    SELECT s.paid_user, s.credits, s.language,
      EXISTS (SELECT 1 FROM messages WHERE sender_id = $1 AND client_id = $3) AS stored,
      EXISTS (SELECT 1 FROM blocks WHERE (user_id = $1 AND blocked_id = $2) OR (user_id = $2 AND blocked_id = $1)) AS blocked,
      u.status AS partner_status, ${visible} AS partner_on_site, u.language AS partner_language,
      c.id AS conversation_id, c.unread_a, c.unread_b, ${PUBLISHED_SQL} AS published${away ? AWAY_CHECKS : ''}
    FROM s
    LEFT JOIN (users u JOIN profiles p ON p.user_id = u.id) ON u.id = $2
    LEFT JOIN conversations c ON c.user_a = $9 AND c.user_b = $10${away ? AWAY_JOIN : ''}),
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
    COALESCE((SELECT credits FROM debit), chk.credits) AS balance${away ? AWAY_COLUMNS : ''}
  FROM chk LEFT JOIN conv ON TRUE LEFT JOIN msg ON TRUE`;
}

interface OneStatementRow extends SendChecks {
  existing_id: number | null;
  id: number | null;
  user_a: number | null;
  user_b: number | null;
  started_by: number | null;
  updated_at: string | null;
  message_id: number | null;
  sent_at: string | null;
  balance: number;
}

/** The committed send from the statement's row, a refusal, or undefined when the transaction must decide. */
function outcome(me: number, cost: number, one: OneStatementRow | undefined): StoredSend | undefined {
  if (!one) throw notFound();
  refuseUnsendable(one);
  // A free member starting a conversation: the transaction counts their chats under the lock.
  if (one.existing_id === null && !one.paid_user) return undefined;
  if (cost > 0 && one.credits < cost) throw new ApiError(402, 'insufficient_credits');
  // The conversation was deleted (a block, an erasure) while I waited for my lock.
  if (one.id === null) throw notFound();
  // The same client id was stored by a send that committed while I waited.
  if (one.message_id === null) throw new AlreadyStored();
  const before = one.existing_id === one.id ? { a: one.unread_a ?? 0, b: one.unread_b ?? 0 } : { a: 0, b: 0 };
  const row = {
    id: one.id,
    user_a: one.user_a!,
    user_b: one.user_b!,
    started_by: one.started_by!,
    message_id: one.message_id,
    sent_at: one.sent_at!,
    updated_at: one.updated_at!,
    balance: one.balance,
  };
  return storedSend(me, row, before, one);
}

/**
 * The one-statement path of a send. Undefined when the send must go through the transaction (send-transaction.ts):
 * a free member starting a conversation, or a deadlock victim (it wrote nothing, being one statement; the
 * transaction's way cannot deadlock so). Prepared-statement names are one per text (the site's visibility rule
 * is in it).
 */
export function createOneStatementSend(ctx: MessagesContext) {
  const statements = new Map<string, { text: string; name: string }>();
  function statementFor(visible: string, away: boolean) {
    const key = `${away ? 'away' : 'here'} ${visible}`;
    let statement = statements.get(key);
    if (statement === undefined) {
      const n = statements.size;
      statement = {
        text: oneStatementSend(visible, away),
        name: away ? `message_send_away_${n}` : `message_send_${n}`,
      };
      statements.set(key, statement);
    }
    return statement;
  }

  return async function sendInOneStatement(p: PreparedSend): Promise<StoredSend | undefined> {
    // A partner with no open page on this one node (Redis: where they are is known only after the publish) is
    // notified offline: what that needs is read with the send.
    const away = ctx.deps.offline !== undefined && !ctx.deps.live.reachable(p.partnerId);
    const statement = statementFor(p.visible, away);
    let one: (OneStatementRow & Partial<AwayColumns>) | undefined;
    try {
      [one] = await ctx.deps.raw.query<OneStatementRow & Partial<AwayColumns>>(
        statement.text,
        [p.me, p.partnerId, p.client_id, p.type, p.body, p.giftId, p.photoId, p.cost, p.a, p.b, p.kind],
        statement.name,
      );
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01') throw err;
      ctx.deps.log.warn({ err }, 'one-statement send deadlocked; sent in a transaction');
      return undefined;
    }
    const stored = outcome(p.me, p.cost, one);
    if (stored && away) stored.away = awayMember(p.partnerId, one as OneStatementRow & AwayColumns);
    return stored;
  };
}

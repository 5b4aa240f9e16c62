// The other write path of a send: two statements in one transaction (docs/adr/0014-caches-and-send-throughput.md), for a free member starting
// a conversation (the count of started chats must see every start committed before the lock) and for a deadlock
// victim of the one-statement path.
import { sql } from 'drizzle-orm';
import { FREE_CHAT_LIMIT } from '@dating/shared/constants';
import type { Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import { ApiError, notFound } from '../../../lib/errors';
import { PUBLISHED_SQL } from '../chats';
import { isoSql } from '../message-views';
import type { ConversationRow, MessagesContext } from './context';
import {
  AlreadyStored,
  refuseUnsendable,
  SEND_LOCK_KEY,
  storedSend,
  type PreparedSend,
  type SendChecks,
  type StoredSend,
} from './send-common';

type LockRow = Partial<ConversationRow> & SendChecks;

/**
 * The first statement: locks my row and reads everything the send depends on. FOR NO KEY UPDATE: it excludes my
 * other sends as FOR UPDATE did, but not the foreign-key checks of other transactions (a partner starting a
 * conversation with me, a block), which take KEY SHARE on my row; with FOR UPDATE those waited, and sends both
 * ways plus a block deadlocked (summary-drift.test). After waiting for the lock the EXISTS parts may still see the
 * snapshot from before it; the unique index on (sender_id, client_id) and ON CONFLICT in `write` are the net for a
 * duplicate that committed meanwhile. The partner is `u`/`p` (the aliases visibleOnSite speaks of).
 */
function lockAndRead(tx: Tx, p: PreparedSend): Promise<LockRow | undefined> {
  const { me, partnerId } = p;
  return first<LockRow>(
    tx,
    sql`SELECT s.paid_user, s.credits, s.language,
        EXISTS (SELECT 1 FROM messages WHERE sender_id = ${me} AND client_id = ${p.client_id}) AS stored,
        EXISTS (SELECT 1 FROM blocks WHERE (user_id = ${me} AND blocked_id = ${partnerId})
                                        OR (user_id = ${partnerId} AND blocked_id = ${me})) AS blocked,
        u.status AS partner_status, ${sql.raw(p.visible)} AS partner_on_site,
        u.language AS partner_language,
        c.id, c.user_a, c.user_b, c.started_by, c.unread_a, c.unread_b,
        ${sql.raw(PUBLISHED_SQL)} AS published
      FROM users s
      LEFT JOIN (users u JOIN profiles p ON p.user_id = u.id) ON u.id = ${partnerId}
      LEFT JOIN conversations c ON c.user_a = ${p.a} AND c.user_b = ${p.b}
      WHERE s.id = ${me} AND (SELECT pg_advisory_xact_lock(${SEND_LOCK_KEY}, ${me}::int)::text) IS NOT NULL
      FOR NO KEY UPDATE OF s`,
  );
}

/**
 * A free member may start FREE_CHAT_LIMIT conversations. Counted in a statement of its own: it sees every
 * conversation committed before my lock was granted (the statement above may still have the snapshot from before
 * it waited).
 */
async function checkChatLimit(tx: Tx, me: number): Promise<void> {
  const started = await first<{ n: number | string }>(
    tx,
    sql`SELECT count(*) AS n FROM conversations WHERE started_by = ${me}`,
  );
  if (Number(started?.n ?? 0) >= FREE_CHAT_LIMIT)
    throw new ApiError(403, 'chat_limit', { limit: FREE_CHAT_LIMIT });
}

type WrittenRow = ConversationRow & {
  message_id: number | null;
  sent_at: string;
  updated_at: string;
  balance: number;
};

/**
 * The second statement: the conversation (started now, or the partner's if they started it at this very moment)
 * is brought back for both (either may have removed it from their list), the message stored, debited with its
 * ledger row; the message's summary triggers (migration 0004) then set its last message and unread counts.
 */
function write(tx: Tx, p: PreparedSend, lock: LockRow): Promise<WrittenRow | undefined> {
  const { me, cost } = p;
  const conversation =
    lock.id == null
      ? sql`INSERT INTO conversations (user_a, user_b, started_by) VALUES (${p.a}, ${p.b}, ${me})
        ON CONFLICT (user_a, user_b) DO UPDATE
          SET updated_at = now(), deleted_by_a = FALSE, deleted_by_b = FALSE
        RETURNING id, user_a, user_b, started_by, updated_at`
      : // It exists: a plain update, which neither probes the unique index nor runs the insert trigger that finds
        // the fictional member (migration 0010).
        sql`UPDATE conversations SET updated_at = now(), deleted_by_a = FALSE, deleted_by_b = FALSE
        WHERE id = ${lock.id} RETURNING id, user_a, user_b, started_by, updated_at`;
  return first<WrittenRow>(
    tx,
    sql`WITH conv AS (${conversation}),
      msg AS (
        INSERT INTO messages (conversation_id, sender_id, client_id, type, body, gift_id, photo_id, credits_spent)
        SELECT conv.id, ${me}, ${p.client_id}, ${p.type}, ${p.body}, ${p.giftId}::int, ${p.photoId}::int, ${cost}::int
        FROM conv
        ON CONFLICT (sender_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
        RETURNING id, created_at),
      debit AS (
        UPDATE users SET credits = credits - ${cost}::int
        WHERE id = ${me} AND ${cost}::int > 0 AND credits >= ${cost}::int AND EXISTS (SELECT 1 FROM msg)
        RETURNING credits),
      ledger AS (
        INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
        SELECT ${me}, ${p.kind}, ${-cost}::int, debit.credits, 'message:' || msg.id FROM debit, msg)
      SELECT conv.id, conv.user_a, conv.user_b, conv.started_by,
        ${sql.raw(isoSql('conv.updated_at'))} AS updated_at,
        msg.id AS message_id, ${sql.raw(isoSql('msg.created_at'))} AS sent_at,
        COALESCE((SELECT credits FROM debit), ${lock.credits}::int) AS balance
      FROM conv LEFT JOIN msg ON TRUE`,
  );
}

/** Stores, debits and brings the conversation back in one transaction, or does none of it. */
export function sendInTransaction(ctx: MessagesContext, p: PreparedSend): Promise<StoredSend> {
  return ctx.deps.db.transaction(async (tx: Tx) => {
    const lock = await lockAndRead(tx, p);
    if (!lock) throw notFound();
    refuseUnsendable(lock);
    if (lock.id == null && !lock.paid_user) await checkChatLimit(tx, p.me);
    // My row is locked: the balance cannot change before the debit.
    if (p.cost > 0 && lock.credits < p.cost) throw new ApiError(402, 'insufficient_credits');
    const row = await write(tx, p, lock);
    // The conversation was deleted (a block, an erasure) after my lock was granted.
    if (!row) throw notFound();
    if (row.message_id === null) throw new AlreadyStored();
    if (p.cost > 0 && row.balance === lock.credits) throw new ApiError(402, 'insufficient_credits');
    // The unread counts as they were under my lock, with this message added for the partner.
    const before = lock.id === row.id ? { a: lock.unread_a ?? 0, b: lock.unread_b ?? 0 } : { a: 0, b: 0 };
    return storedSend(p.me, { ...row, message_id: row.message_id }, before, lock);
  });
}

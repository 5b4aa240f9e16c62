// Claims on the reply queue's conversations: one operator per conversation (the `staff_claims` primary key).
import { sql } from 'drizzle-orm';
import {
  QUEUE_CLAIM_MINUTES,
  type StaffClaimRequest,
  type StaffClaimResponse,
} from '@dating/shared/contract/staff';
import type { Db, Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import { ApiError, notFound } from '../../../lib/errors';
import { MEMBER_OF_CONVERSATION, WAITING_FOR_FICTIONAL } from '../../chat';
import { iso, sides, takeClaim } from './common';

/**
 * Claims the oldest waiting conversation nobody holds (SKIP LOCKED: parallel claims take different ones). Picking
 * and claiming are one statement (ADR 0018), so it names the chat's condition of a waiting conversation
 * (`WAITING_FOR_FICTIONAL`, chat's index) rather than asking chat first.
 */
function claimOldest(db: Db | Tx, input: StaffClaimRequest, me: number) {
  return first<{ conversation_id: number; expires_at: Date | string }>(
    db,
    sql`WITH pick AS (
          SELECT c.id FROM conversations c
          JOIN users mu ON mu.id = ${MEMBER_OF_CONVERSATION}
          LEFT JOIN staff_claims sc ON sc.conversation_id = c.id
          WHERE ${WAITING_FOR_FICTIONAL} AND mu.status <> 'deleted'
            AND (sc.conversation_id IS NULL OR sc.expires_at <= now() OR sc.staff_id = ${me})
            AND (${input.site ?? null}::int IS NULL OR mu.site_id = ${input.site ?? null})
            AND (${input.locale ?? null}::text IS NULL OR mu.language = ${input.locale ?? null})
          ORDER BY c.updated_at, c.id LIMIT 1
          FOR UPDATE OF c SKIP LOCKED)
        INSERT INTO staff_claims (conversation_id, staff_id, expires_at)
        SELECT id, ${me}, now() + make_interval(mins => ${QUEUE_CLAIM_MINUTES}) FROM pick
        ON CONFLICT (conversation_id) DO UPDATE SET staff_id = EXCLUDED.staff_id, expires_at = EXCLUDED.expires_at
          WHERE staff_claims.expires_at <= now() OR staff_claims.staff_id = EXCLUDED.staff_id
        RETURNING conversation_id, expires_at`,
  );
}

/** Whether any waiting conversation is free to claim. */
async function anyClaimable(db: Db | Tx): Promise<boolean> {
  const any = await first<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM conversations c LEFT JOIN staff_claims sc ON sc.conversation_id = c.id
        WHERE ${WAITING_FOR_FICTIONAL} AND (sc.conversation_id IS NULL OR sc.expires_at <= now()) LIMIT 1`,
  );
  return Boolean(any);
}

/**
 * One atomic statement decides: the claim row is inserted, or updated only when expired or already mine.
 * Without a conversation: the oldest waiting one nobody holds; a lost race answers as "nothing waiting" after a
 * few tries.
 */
export async function claim(db: Db | Tx, input: StaffClaimRequest, me: number): Promise<StaffClaimResponse> {
  if (input.conversation !== undefined) {
    const c = await sides(db, input.conversation);
    if (!c.waiting) throw notFound();
    const taken = await takeClaim(db, c.id, me);
    if (!taken) throw new ApiError(409, 'claim_taken');
    return { conversation: c.id, expires_at: iso(taken.expires_at) };
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await claimOldest(db, input, me);
    if (row) return { conversation: row.conversation_id, expires_at: iso(row.expires_at) };
    if (!(await anyClaimable(db))) break;
  }
  throw notFound();
}

/** Gives my claim up (someone else's stays). */
export async function release(db: Db | Tx, conversationId: number, me: number): Promise<boolean> {
  const row = await first<{ conversation_id: number }>(
    db,
    sql`DELETE FROM staff_claims WHERE conversation_id = ${conversationId} AND staff_id = ${me}
        RETURNING conversation_id`,
  );
  return Boolean(row);
}

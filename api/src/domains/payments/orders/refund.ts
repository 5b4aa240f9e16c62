import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { ApiError } from '../../../lib/errors';
import { recordAudit, type Actor } from '../../audit';
import { refusedByProvider, type PaymentProvider } from '../providers/types';
import { publishCounters, requireProvider, type OrderRow, type PaymentsDeps } from './common';
import { reverseIn } from './reverse';

export interface RefundOptions {
  refundDays: number;
  now?: Date;
  force?: boolean;
  /** Who asked (`staff:<id>`, `command`): kept on the refund row. */
  requestedBy: string;
  /**
   * Who refunds (a staff member, or the refund command) and what the audit row `order_refund` adds (the reason,
   * `force`): the row is written in the transaction that takes the credits back.
   */
  audit?: { actor: Actor; details: Record<string, unknown> };
}

/** A refund recorded and unanswered for this long may be asked again (with the same key). */
const STUCK = '5 minutes';

interface RecordedRefund {
  row: OrderRow & { provider: string; payment_row_id: number };
  refundRowId: number;
  key: string;
}

/** Under the order's row lock: the checks, then the refund row with its idempotency key (or the stuck one). */
async function recordRefund(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  orderId: number,
  opts: RefundOptions,
): Promise<RecordedRefund> {
  return deps.db.transaction(async (tx) => {
    const row = await first<OrderRow & { provider: string; payment_row_id: number }>(
      tx,
      sql`SELECT o.*, p.provider_id, p.provider, p.id AS payment_row_id FROM orders o
          JOIN payments p ON p.order_id = o.id AND p.status = 'completed'
          WHERE o.id = ${orderId} FOR UPDATE OF o`,
    );
    if (!row) throw new ApiError(409, 'refund_unavailable');
    const live = await first<{ id: number; status: string; idempotency_key: string; stuck: boolean }>(
      tx,
      sql`SELECT id, status, idempotency_key, created_at < now() - ${STUCK}::interval AS stuck
          FROM payment_refunds WHERE order_id = ${orderId} AND status <> 'failed'`,
    );
    // Recorded but never answered (a crash, a timeout) and not touched for minutes: asked again with the
    // same key, which the provider answers with the same refund. Anything else: one refund per order.
    if (live && !(live.status === 'requested' && live.stuck)) throw new ApiError(409, 'refund_in_progress');
    if (row.status !== 'completed') throw new ApiError(409, 'refund_unavailable');
    const completed = new Date(row.completed_at ?? row.created_at).getTime();
    const now = (opts.now ?? new Date()).getTime();
    if (!opts.force && now - completed > opts.refundDays * 86_400_000) {
      throw new ApiError(409, 'refund_window', { days: opts.refundDays });
    }
    if (row.provider !== provider.name) throw new ApiError(503, 'payments_unavailable');
    if (live) return { row, refundRowId: live.id, key: live.idempotency_key };
    const key = `refund-${randomUUID()}`;
    const inserted = await first<{ id: number }>(
      tx,
      sql`INSERT INTO payment_refunds (order_id, payment_id, idempotency_key, amount, currency, requested_by)
          VALUES (${orderId}, ${row.payment_row_id}, ${key}, ${row.amount}, ${row.currency}, ${opts.requestedBy})
          RETURNING id`,
    );
    return { row, refundRowId: inserted!.id, key };
  });
}

/** Asks the provider (same key on every attempt); a refusal fails the refund row, no answer leaves it asked. */
async function askProvider(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  orderId: number,
  rec: RecordedRefund,
) {
  try {
    return await provider.refund(
      rec.row.provider_id!,
      { amount: rec.row.amount, currency: rec.row.currency },
      `Refund #${orderId}`,
      rec.key,
    );
  } catch (err) {
    if (refusedByProvider(err)) {
      await deps.db.execute(
        sql`UPDATE payment_refunds SET status = 'failed', error = ${String(err)}, updated_at = now()
            WHERE id = ${rec.refundRowId}`,
      );
    }
    // Unanswered: the row stays `requested` and is asked again (same key) on the next attempt.
    deps.log.error({ err, orderId }, 'refund not confirmed by the provider');
    throw new ApiError(502, 'payment_failed');
  }
}

/**
 * Refund (staff and the refund command), within `refund_days` of completion. Under the order's row lock a
 * refund row is recorded with its idempotency key before the provider is called, so a second refund of the
 * same order answers 409 `refund_in_progress` without calling it; the provider's refund id and status are
 * stored, and the credits are taken back (never below zero; the shortfall is recorded on the order) in one
 * transaction with the audit row (`opts.audit`: who, and why).
 */
export async function refund(
  deps: PaymentsDeps,
  orderId: number,
  opts: RefundOptions,
): Promise<{ userId: number; taken: number; shortfall: number; refundId: string }> {
  const provider = requireProvider(deps);
  const rec = await recordRefund(deps, provider, orderId, opts);
  const answer = await askProvider(deps, provider, orderId, rec);
  let userId = rec.row.user_id;
  const result = await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE payment_refunds SET status = ${answer.status}, provider_refund_id = ${answer.id},
                 updated_at = now()
          WHERE id = ${rec.refundRowId}`,
    );
    const reversed = await reverseIn(deps, tx, orderId, 'refunded');
    // Else the webhook or reconciliation saw the provider's refund first and took the credits back.
    const taken = reversed
      ? { taken: reversed.taken, shortfall: reversed.shortfall }
      : await first<{ taken: number; shortfall: number }>(
          tx,
          sql`SELECT refunded_credits AS taken, refund_shortfall AS shortfall FROM orders WHERE id = ${orderId}`,
        );
    const out = { taken: taken?.taken ?? 0, shortfall: taken?.shortfall ?? 0, refundId: answer.id };
    if (opts.audit) {
      await recordAudit(tx, opts.audit.actor, {
        action: 'order_refund',
        targetType: 'order',
        targetId: orderId,
        before: { status: 'completed' },
        after: {
          status: 'refunded',
          ...opts.audit.details,
          taken: out.taken,
          shortfall: out.shortfall,
          provider_refund_id: out.refundId,
        },
      });
    }
    if (reversed) userId = reversed.userId;
    return out;
  });
  await publishCounters(deps, userId);
  return { userId, ...result };
}

import { sql } from 'drizzle-orm';
import type { Order } from '@dating/shared/contract/index';
import { first, rows } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import type { AuthUser } from '../../../lib/auth';
import {
  loadOrder,
  ORDER_SELECT,
  orderByRequestKey,
  toOrder,
  type OrderRow,
  type PaymentsDeps,
} from './common';
import { settle } from './settle';

/** Webhook calls for one payment id in a minute (Mollie calls once per status change, retrying on errors). */
const WEBHOOK_PER_MINUTE = 10;

/**
 * The webhook's limit per payment id: at most `WEBHOOK_PER_MINUTE` calls in a minute, counted on the payment
 * row in one statement. An id we do not store is limited by the per-address limit only.
 */
export async function webhookAllowed(deps: PaymentsDeps, providerId: string): Promise<boolean> {
  const row = await first<{ calls: number }>(
    deps.db,
    sql`UPDATE payments SET
          webhook_calls = CASE WHEN webhook_window IS NULL OR webhook_window < now() - interval '1 minute'
                               THEN 1 ELSE webhook_calls + 1 END,
          webhook_window = CASE WHEN webhook_window IS NULL OR webhook_window < now() - interval '1 minute'
                                THEN now() ELSE webhook_window END
        WHERE provider_id = ${providerId}
        RETURNING webhook_calls AS calls`,
  );
  return !row || row.calls <= WEBHOOK_PER_MINUTE;
}

/** The member's order made by the request with this Idempotency-Key, if any. */
export async function byRequestKey(
  deps: PaymentsDeps,
  user: AuthUser,
  requestKey: string,
): Promise<Order | null> {
  const row = await orderByRequestKey(deps.db, user.id, requestKey);
  return row ? toOrder(row) : null;
}

/** One order of the member; while it is open, the provider is asked again (at most every 2 s). */
export async function getOrder(deps: PaymentsDeps, user: AuthUser, orderId: number): Promise<Order> {
  const row = await loadOrder(deps, orderId);
  if (!row || row.user_id !== user.id) throw notFound();
  if (row.status === 'pending' && row.provider_id) {
    const due = await first<{ id: number }>(
      deps.db,
      sql`UPDATE payments SET checked_at = now()
          WHERE provider_id = ${row.provider_id} AND status = 'pending'
            AND (checked_at IS NULL OR checked_at < now() - interval '2 seconds')
          RETURNING id`,
    );
    if (due) {
      const settled = await settle(deps, row.provider_id).catch((err: unknown) => {
        deps.log.warn({ err, orderId }, 'status check on the return page failed');
        return null;
      });
      if (settled) return toOrder(settled);
    }
  }
  return toOrder(row);
}

export async function listOrders(deps: PaymentsDeps, user: AuthUser): Promise<Order[]> {
  const found = await rows<OrderRow>(
    deps.db,
    sql`${ORDER_SELECT} WHERE o.user_id = ${user.id} ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
  );
  return found.map(toOrder);
}

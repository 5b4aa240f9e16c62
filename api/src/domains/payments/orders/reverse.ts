import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import type { PaymentsDeps } from './common';

/** Takes back what a refund or chargeback reverses: the purchased credits, never below zero. */
export async function reverseIn(
  deps: PaymentsDeps,
  tx: Tx,
  orderId: number,
  status: 'refunded' | 'charged_back',
) {
  const order = await first<{ user_id: number; credits: number; payment_method: string }>(
    tx,
    sql`UPDATE orders SET status = ${status}, refunded_at = now(), updated_at = now()
        WHERE id = ${orderId} AND status = 'completed' AND credited_at IS NOT NULL
        RETURNING user_id, credits, payment_method`,
  );
  if (!order) return null;
  const balance = await first<{ credits: number }>(
    tx,
    sql`SELECT credits FROM users WHERE id = ${order.user_id} FOR UPDATE`,
  );
  const taken = Math.min(balance?.credits ?? 0, order.credits);
  if (taken > 0) {
    await deps.credits.debit(
      { userId: order.user_id, amount: taken, kind: 'refund', ref: `order:${orderId}` },
      tx,
    );
  }
  await tx.execute(
    sql`UPDATE orders SET refunded_credits = ${taken}, refund_shortfall = ${order.credits - taken}
        WHERE id = ${orderId}`,
  );
  if (status === 'charged_back') await chargebackPolicy(tx, orderId, order);
  return { userId: order.user_id, taken, shortfall: order.credits - taken };
}

/** What a chargeback ends besides the credits: direct debit, the mandate, premium. */
async function chargebackPolicy(tx: Tx, orderId: number, order: { user_id: number; payment_method: string }) {
  // A returned direct debit blocks paying that way again (docs/product/member-model.md: users blocked from direct debit).
  if (order.payment_method === 'sdd') {
    await tx.execute(
      sql`INSERT INTO direct_debit_blocks (user_id, reason) VALUES (${order.user_id}, 'chargeback')
          ON CONFLICT (user_id) DO NOTHING`,
    );
  }
  // Chargeback policy (api/README, Payments): whatever the method, the mandate the disputed payment left or
  // was charged on is never used again for a repeat order…
  await tx.execute(
    sql`UPDATE payment_mandates SET status = 'invalid', ended_reason = 'chargeback'
        WHERE user_id = ${order.user_id}
          AND mandate_id IN (SELECT mandate_id FROM payments WHERE order_id = ${orderId} AND mandate_id IS NOT NULL)`,
  );
  // …and premium, which the first purchase gave, ends when no completed purchase is left.
  await tx.execute(
    sql`UPDATE users SET paid_user = false WHERE id = ${order.user_id} AND paid_user
          AND NOT EXISTS (SELECT 1 FROM orders WHERE user_id = ${order.user_id} AND status = 'completed')`,
  );
}

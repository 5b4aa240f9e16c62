import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@dating/shared/contract/index';
import type { Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import { mandateKind, orderStatusOf, type PaymentProvider, type ProviderPayment } from '../providers/types';
import {
  loadOrder,
  PAYMENT_SELECT,
  publishCounters,
  type OrderRow,
  type PaymentRow,
  type PaymentsDeps,
} from './common';
import { reverseIn } from './reverse';

/**
 * Attaches the provider's payment to the charge we recorded before calling it (by our row, or by the order the
 * provider echoes in its metadata), only when it is that charge: same order, customer, mandate, amount.
 */
export async function attach(
  deps: PaymentsDeps,
  paymentRowId: number,
  remote: ProviderPayment,
): Promise<boolean> {
  const row = await first<{ id: number }>(
    deps.db,
    sql`UPDATE payments p SET provider_id = ${remote.id}, method = COALESCE(${remote.method}, p.method),
               next_check_at = now(), updated_at = now()
        FROM orders o
        WHERE p.id = ${paymentRowId} AND o.id = p.order_id AND p.provider_id IS NULL
          AND o.id = ${remote.orderId ?? -1} AND o.amount = ${remote.amount.amount}
          AND o.currency = ${remote.amount.currency}
          AND p.customer_id IS NOT DISTINCT FROM ${remote.customerId}
          AND p.mandate_id IS NOT DISTINCT FROM ${remote.mandateId}
        RETURNING p.id`,
  );
  if (!row) {
    const now = await first<{ provider_id: string | null }>(
      deps.db,
      sql`SELECT provider_id FROM payments WHERE id = ${paymentRowId}`,
    );
    if (now?.provider_id === remote.id) return true;
    deps.log.error(
      { paymentRowId, remote },
      'provider payment does not match the charge we recorded: not attached',
    );
    return false;
  }
  return true;
}

/** Our payment with this provider id; else the recorded charge it answers, attached when it matches. */
async function findPayment(deps: PaymentsDeps, providerId: string): Promise<PaymentRow | undefined> {
  const byId = sql`${PAYMENT_SELECT} WHERE p.provider_id = ${providerId}`;
  const payment = await first<PaymentRow>(deps.db, byId);
  if (payment) return payment;
  // Not ours by id: maybe a charge we recorded and never heard back about (the provider accepted, then a
  // timeout or a crash). The provider names our order in its metadata; it is attached only when it matches.
  const provider = deps.provider;
  if (!provider) return undefined;
  const remote = await provider.getPayment(providerId);
  if (!remote || remote.orderId === null) return undefined;
  const unsent = await first<{ id: number }>(
    deps.db,
    sql`SELECT id FROM payments WHERE order_id = ${remote.orderId} AND provider_id IS NULL
          AND provider = ${provider.name} AND status = 'pending' ORDER BY id DESC LIMIT 1`,
  );
  if (unsent) await attach(deps, unsent.id, remote);
  // Attached here, or by a parallel call of the same webhook a moment ago.
  return first<PaymentRow>(deps.db, byId);
}

/** The provider's answer about our payment, when it names our order at the order's own price; else null (logged). */
async function verifiedAnswer(
  deps: PaymentsDeps,
  providerId: string,
  payment: PaymentRow,
): Promise<{ provider: PaymentProvider; remote: ProviderPayment } | null> {
  const { log } = deps;
  const provider = deps.provider;
  if (!provider || provider.name !== payment.provider) {
    log.warn({ providerId, provider: payment.provider }, 'payment of a provider that is not configured');
    return null;
  }
  const remote = await provider.getPayment(providerId);
  if (!remote) {
    log.error({ providerId }, 'provider does not know our payment');
    return null;
  }
  // The provider must report our order and its price (the order's own amount and currency, not a copy of the
  // provider's earlier answer); a payment without a valid order reference is refused and logged.
  if (remote.orderId === null || remote.orderId !== payment.order_id) {
    log.error(
      { providerId, remote, orderId: payment.order_id },
      'payment without our order reference: refused',
    );
    return null;
  }
  if (remote.amount.amount !== payment.order_amount || remote.amount.currency !== payment.order_currency) {
    log.error({ providerId, remote, payment }, 'payment does not match its order: not credited');
    return null;
  }
  return { provider, remote };
}

/** What one answer applies, in one transaction. */
interface Answer {
  payment: PaymentRow;
  provider: PaymentProvider;
  remote: ProviderPayment;
  status: OrderStatus;
  /** The mandate's own method, as the provider reports the mandate a first payment left. */
  mandateMethod: string | null;
}

/**
 * Asks the provider about one payment and applies the answer. Idempotent: any number of calls, in any order,
 * on any node, credit the order at most once. Returns null for a payment id we never made.
 */
export async function settle(deps: PaymentsDeps, providerId: string): Promise<OrderRow | null> {
  const payment = await findPayment(deps, providerId);
  if (!payment) return null;
  const verified = await verifiedAnswer(deps, providerId, payment);
  if (!verified) return (await loadOrder(deps, payment.order_id)) ?? null;
  const { provider, remote } = verified;
  const status = orderStatusOf(remote.status);
  const mandateMethod =
    status === 'completed' && remote.mandateId && remote.customerId && remote.sequenceType === 'first'
      ? ((await provider.getMandate(remote.customerId, remote.mandateId).catch(() => null))?.method ?? null)
      : null;
  if (status === 'completed' && deps.config.fault === 'crash_before_credit') {
    // The crash test: the provider said "paid", the process dies before the crediting transaction.
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => undefined);
  }
  const answer: Answer = { payment, provider, remote, status, mandateMethod };
  const changed = await deps.db.transaction((tx) => applyAnswer(deps, tx, answer));
  if (changed) await publishCounters(deps, changed.userId);
  return (await loadOrder(deps, payment.order_id)) ?? null;
}

/** Writes the payment's status (monotonic), then credits, reverses or ends the order. */
async function applyAnswer(deps: PaymentsDeps, tx: Tx, a: Answer): Promise<{ userId: number } | null> {
  const { status, remote, payment } = a;
  // Monotonic (ADR 0027): an open payment takes any answer; a final one only ever becomes "completed" (the
  // provider collected it after all); "completed" never changes, so a late "open" cannot undo "paid".
  await tx.execute(
    sql`UPDATE payments SET status = CASE WHEN status = 'pending' OR (${status} = 'completed' AND status <> 'completed')
                                     THEN ${status} ELSE status END,
               method = COALESCE(${remote.method}, method),
               mandate_id = COALESCE(${remote.mandateId}, mandate_id), checked_at = now(), updated_at = now(),
               -- Completed (first time): the reconciliation job looks for a refund or chargeback from then on.
               next_check_at = CASE WHEN ${status} = 'completed' AND status <> 'completed'
                                    THEN now() + make_interval(secs => ${deps.config.reversalCheckSeconds})
                                    ELSE next_check_at END
        WHERE id = ${payment.id}`,
  );
  if (status === 'completed') {
    const credited = await creditOnce(deps, tx, a);
    // Reversed at the provider (the payer's bank, or a refund from the provider's dashboard): the purchase is
    // taken back once, whoever sees it first (webhook, reconciliation, on any node).
    let reversed: { userId: number } | null = null;
    if (remote.amountChargedBack > 0) reversed = await reverseIn(deps, tx, payment.order_id, 'charged_back');
    else if (remote.amountRefunded > 0) reversed = await reverseIn(deps, tx, payment.order_id, 'refunded');
    return credited ?? reversed;
  }
  if (status !== 'pending') {
    await tx.execute(
      sql`UPDATE orders SET status = ${status}, updated_at = now()
          WHERE id = ${payment.order_id} AND status = 'pending'`,
    );
  }
  return null;
}

/**
 * Exactly once: one conditional UPDATE (`credited_at IS NULL`) completes the order; whoever wins it adds the
 * credits, makes the member premium, redeems the code and stores the mandate a first payment left.
 */
async function creditOnce(deps: PaymentsDeps, tx: Tx, a: Answer): Promise<{ userId: number } | null> {
  const orderId = a.payment.order_id;
  const order = await first<{ user_id: number; credits: number; discount_code_id: number | null }>(
    tx,
    // A paid order is credited whatever we had concluded before (a charge we had given up on); if its code
    // is held by another order meanwhile, this one keeps its price but gives up the reservation.
    sql`UPDATE orders SET status = 'completed', credited_at = now(), completed_at = now(), updated_at = now(),
               discount_claim = CASE WHEN discount_claim IS NOT NULL AND status <> 'pending' AND EXISTS (
                 SELECT 1 FROM orders other WHERE other.discount_claim = orders.discount_claim
                   AND other.id <> orders.id AND other.status IN ('pending', 'completed'))
                 THEN NULL ELSE discount_claim END
        WHERE id = ${orderId} AND credited_at IS NULL
        RETURNING user_id, credits, discount_code_id`,
  );
  if (!order) return null;
  await deps.credits.credit(
    { userId: order.user_id, amount: order.credits, kind: 'purchase', ref: `order:${orderId}` },
    tx,
  );
  // docs/product/credits-and-payments.md: the first credit purchase makes the member premium.
  await tx.execute(sql`UPDATE users SET paid_user = true WHERE id = ${order.user_id} AND NOT paid_user`);
  if (order.discount_code_id) {
    const redeemed = await deps.discounts.redeemIn(tx, order.discount_code_id, order.user_id, orderId);
    if (redeemed) await tx.execute(sql`UPDATE orders SET discount_redeemed = true WHERE id = ${orderId}`);
  }
  const { remote } = a;
  if (remote.mandateId && remote.customerId && remote.sequenceType === 'first') {
    // The mandate's real type (a card, or SEPA direct debit for iDEAL, Bancontact, SOFORT…), as the
    // provider reports the mandate; the first payment's method only when the provider cannot say.
    await tx.execute(
      sql`INSERT INTO payment_mandates (user_id, provider, customer_id, mandate_id, method)
          VALUES (${order.user_id}, ${a.provider.name}, ${remote.customerId}, ${remote.mandateId},
                  ${mandateKind(a.mandateMethod ?? remote.method)})
          ON CONFLICT (provider, mandate_id) DO NOTHING`,
    );
  }
  return { userId: order.user_id };
}

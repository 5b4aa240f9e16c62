import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Order, PaymentMethod } from '@dating/shared/contract/index';
import type { Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import { ApiError } from '../../../lib/errors';
import type { AuthUser } from '../../../lib/auth';
import type { Site } from '../../sites';
import type { ResolvedDiscount } from '../discounts';
import { findCreditPackage } from '../packages';
import { refusedByProvider, type PaymentProvider, type ProviderPayment } from '../providers/types';
import {
  loadOrder,
  orderByRequestKey,
  PAYMENT_SELECT,
  paymentCountry,
  requireProvider,
  toOrder,
  webhookUrl,
  type OrderRow,
  type PaymentContext,
  type PaymentRow,
  type PaymentsDeps,
} from './common';
import { insertOrder } from './create';
import { attach, settle } from './settle';

/** A charge recorded but never answered is looked for this long; then it is failed (nothing was taken). */
const UNSENT_GIVE_UP_MS = 60 * 60_000;

/**
 * Direct debit's block and limit (docs/product/member-model.md), for every SEPA charge (the direct-debit form and repeat orders on a
 * SEPA mandate): under the member's row lock, so two orders at once cannot both slip under the limit.
 */
export async function sepaGuard(deps: PaymentsDeps, tx: Tx, userId: number) {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  const blocked = await first(tx, sql`SELECT 1 AS one FROM direct_debit_blocks WHERE user_id = ${userId}`);
  if (blocked) throw new ApiError(403, 'dd_blocked');
  const count = await first<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId} AND payment_method = 'sdd'
          AND status IN ('pending', 'completed')
          AND created_at > now() - make_interval(days => ${deps.config.ddLimitDays})`,
  );
  if ((count?.n ?? 0) >= deps.config.ddLimitCount) throw new ApiError(429, 'dd_limit');
}

/** A charge the provider refused, or never made: the payment and the order end failed (the code is released). */
async function failCharge(deps: PaymentsDeps, paymentRowId: number, orderId: number) {
  await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE payments SET status = 'failed', updated_at = now() WHERE id = ${paymentRowId} AND status = 'pending'`,
    );
    await tx.execute(
      sql`UPDATE orders SET status = 'failed', updated_at = now() WHERE id = ${orderId} AND status = 'pending'`,
    );
  });
}

/**
 * A charge recorded whose answer we never had (timeout, crash): looked up at the provider by our key and order
 * id; found, it is attached and settled (credited once); not found an hour on, it was never made and is failed.
 */
export async function recover(deps: PaymentsDeps, paymentRowId: number): Promise<OrderRow | null> {
  const payment = await first<PaymentRow>(deps.db, sql`${PAYMENT_SELECT} WHERE p.id = ${paymentRowId}`);
  if (!payment) return null;
  if (payment.provider_id) return settle(deps, payment.provider_id);
  const provider = deps.provider;
  if (!provider || provider.name !== payment.provider || !payment.customer_id || !payment.idempotency_key) {
    return (await loadOrder(deps, payment.order_id)) ?? null;
  }
  const found = await provider.findCharge({
    customerId: payment.customer_id,
    orderId: payment.order_id,
    idempotencyKey: payment.idempotency_key,
  });
  if (found) {
    deps.log.warn(
      { orderId: payment.order_id, providerId: found.id },
      'unanswered charge found at the provider',
    );
    if (await attach(deps, payment.id, found)) return settle(deps, found.id);
    return (await loadOrder(deps, payment.order_id)) ?? null;
  }
  if (Date.now() - new Date(payment.created_at).getTime() > UNSENT_GIVE_UP_MS) {
    deps.log.warn({ orderId: payment.order_id }, 'charge never reached the provider: order failed');
    await failCharge(deps, payment.id, payment.order_id);
  }
  return (await loadOrder(deps, payment.order_id)) ?? null;
}

/** Repeat order (docs/product/routes-and-layouts.md): what one click would buy again, on which mandate. */
export async function repeatInfo(deps: PaymentsDeps, user: AuthUser, site: Site) {
  const { db, provider } = deps;
  const last = await first<{ package_id: number; payment_method: string }>(
    db,
    sql`SELECT package_id, payment_method FROM orders
        WHERE user_id = ${user.id} AND status = 'completed' AND package_id IS NOT NULL
        ORDER BY completed_at DESC, id DESC LIMIT 1`,
  );
  const mandate = provider
    ? await first<{ customer_id: string; mandate_id: string; method: string }>(
        db,
        sql`SELECT customer_id, mandate_id, method FROM payment_mandates
            WHERE user_id = ${user.id} AND provider = ${provider.name} AND status = 'valid'
            ORDER BY id DESC LIMIT 1`,
      )
    : undefined;
  const pkg = last ? await findCreditPackage(db, site.id, last.package_id) : undefined;
  return { last, mandate, pkg };
}

/** Why a member may not repeat an order: not premium (or no longer, after a chargeback). */
async function refuseNonPremium(deps: PaymentsDeps, user: AuthUser): Promise<never> {
  // Premium ended by a chargeback (api/README, Payments: the chargeback policy) says so.
  const chargedBack = await first(
    deps.db,
    sql`SELECT 1 AS one FROM orders WHERE user_id = ${user.id} AND status = 'charged_back' LIMIT 1`,
  );
  throw new ApiError(403, chargedBack ? 'premium_removed_chargeback' : 'premium_only');
}

/** Why there is no mandate to charge: none, or the last one ended by a chargeback. */
async function refuseNoMandate(deps: PaymentsDeps, user: AuthUser): Promise<never> {
  const ended = await first(
    deps.db,
    sql`SELECT 1 AS one FROM payment_mandates WHERE user_id = ${user.id} AND ended_reason = 'chargeback' LIMIT 1`,
  );
  throw new ApiError(409, ended ? 'mandate_charged_back' : 'no_mandate');
}

/** `POST /api/repeat-order.php`: the last package again, charged on the stored mandate. */
export async function repeat(deps: PaymentsDeps, ctx: PaymentContext, requestKey: string): Promise<Order> {
  const { db } = deps;
  // Replayed request (same Idempotency-Key): the same order, nothing charged again.
  const known = await orderByRequestKey(db, ctx.user.id, requestKey);
  if (known) return toOrder(known);
  if (!ctx.user.paid_user) await refuseNonPremium(deps, ctx.user);
  const provider = requireProvider(deps);
  const { last, mandate, pkg } = await repeatInfo(deps, ctx.user, ctx.site);
  if (!last || !pkg) throw new ApiError(404, 'package_unavailable');
  if (!mandate) return refuseNoMandate(deps, ctx.user);
  const sepa = mandate.method === 'directdebit';
  // A SEPA mandate (signed here, or left by iDEAL/Bancontact/SOFORT) is direct debit: its block and limits.
  if (sepa) await db.transaction((tx) => sepaGuard(deps, tx, ctx.user.id));
  const live = await provider.getMandate(mandate.customer_id, mandate.mandate_id);
  if (!live || live.status !== 'valid') {
    await db.execute(
      sql`UPDATE payment_mandates SET status = 'invalid' WHERE provider = ${provider.name}
            AND mandate_id = ${mandate.mandate_id}`,
    );
    throw new ApiError(409, 'no_mandate');
  }
  return chargeOnMandate(deps, ctx, provider, {
    pkg,
    method: (sepa ? 'sdd' : mandate.method) as PaymentMethod,
    customerId: mandate.customer_id,
    mandateId: mandate.mandate_id,
    discount: null,
    requestKey,
    guard: sepa ? (tx) => sepaGuard(deps, tx, ctx.user.id) : undefined,
  });
}

export interface MandateCharge {
  pkg: { id: number; credits: number; amount: number; currency: string };
  method: PaymentMethod;
  customerId: string;
  mandateId: string;
  discount: ResolvedDiscount | null;
  /** The client's Idempotency-Key: the same key answers the same order and never charges twice. */
  requestKey: string;
  /** Runs in the order's transaction (e.g. the direct-debit limit under the member's row lock). */
  guard?: (tx: Tx) => Promise<void>;
}

interface Recorded {
  order: OrderRow;
  replay: boolean;
  paymentRowId: number;
}

/** Record before call: the order and its payment row (with our idempotency key) in one transaction. */
async function recordCharge(
  deps: PaymentsDeps,
  ctx: PaymentContext,
  provider: PaymentProvider,
  o: MandateCharge,
  charge: { amount: number; idempotencyKey: string },
): Promise<Recorded> {
  return deps.db.transaction(async (tx) => {
    // A retry with the same key finds its order before any limit is counted again.
    const known = await orderByRequestKey(tx, ctx.user.id, o.requestKey);
    if (known) return { order: known, replay: true, paymentRowId: 0 };
    await o.guard?.(tx);
    const inserted = await insertOrder(tx, {
      user: ctx.user,
      site: ctx.site,
      packageId: o.pkg.id,
      credits: o.pkg.credits,
      amount: charge.amount,
      originalAmount: o.pkg.amount,
      currency: o.pkg.currency,
      method: o.method,
      discount: o.discount,
      country: paymentCountry(ctx),
      recurring: true,
      requestKey: o.requestKey,
    });
    if (inserted.replay) return { ...inserted, paymentRowId: 0 };
    const payment = await first<{ id: number }>(
      tx,
      sql`INSERT INTO payments (order_id, provider, provider_id, status, amount, currency, method, sequence_type,
                                customer_id, mandate_id, idempotency_key, next_check_at)
          VALUES (${inserted.order.id}, ${provider.name}, NULL, 'pending', ${charge.amount}, ${o.pkg.currency},
                  ${o.method}, 'recurring', ${o.customerId}, ${o.mandateId}, ${charge.idempotencyKey},
                  now() + make_interval(secs => ${deps.config.recheckSeconds}))
          RETURNING id`,
    );
    return { ...inserted, paymentRowId: payment!.id };
  });
}

/**
 * Creates an order paid on a mandate (repeat order, direct debit). Record before call (ADR 0027): the order and
 * its payment row, with the idempotency key sent to the provider, commit before the provider is asked to
 * charge; a timeout or a crash after that is recovered (`recover`) by the webhook or reconciliation.
 */
export async function chargeOnMandate(
  deps: PaymentsDeps,
  ctx: PaymentContext,
  provider: PaymentProvider,
  o: MandateCharge,
): Promise<Order> {
  const amount = o.discount ? deps.discounts.apply(o.pkg.amount, o.discount.percentage) : o.pkg.amount;
  const idempotencyKey = `charge-${randomUUID()}`;
  const recorded = await recordCharge(deps, ctx, provider, o, { amount, idempotencyKey });
  if (recorded.replay) return toOrder((await loadOrder(deps, recorded.order.id)) ?? recorded.order);
  const order = recorded.order;
  let remote: ProviderPayment;
  try {
    remote = await provider.chargeMandate({
      orderId: order.id,
      idempotencyKey,
      amount: { amount, currency: o.pkg.currency },
      description: `${ctx.site.name} ${o.pkg.credits} credits #${order.id}`,
      webhookUrl: webhookUrl(deps, ctx.origin),
      customerId: o.customerId,
      mandateId: o.mandateId,
    });
  } catch (err) {
    if (refusedByProvider(err)) {
      deps.log.error({ err, orderId: order.id }, 'provider refused the recurring charge');
      await failCharge(deps, recorded.paymentRowId, order.id);
    } else {
      // No answer: the charge may have been made. The order stays open until it is found or given up on.
      deps.log.error({ err, orderId: order.id }, 'recurring charge unanswered: left for recovery');
    }
    return toOrder((await loadOrder(deps, order.id))!);
  }
  if (deps.config.fault === 'crash_after_charge') {
    // The crash test: the provider accepted the charge, the process dies before its id is stored.
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => undefined);
  }
  await attach(deps, recorded.paymentRowId, remote);
  const settled = await settle(deps, remote.id);
  return toOrder(settled ?? (await loadOrder(deps, order.id))!);
}

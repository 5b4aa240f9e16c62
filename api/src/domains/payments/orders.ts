import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  MANDATE_METHODS,
  paymentMethodsFor,
  type Order,
  type OrderStatus,
  type PaymentMethod,
} from '@dating/shared/contract/index';
import type { Db, Tx } from '../../db/client';
import { first, rows } from '../../db/sql';
import { ApiError, badInput, notFound } from '../../lib/errors';
import type { LiveHub } from '../../lib/live';
import type { AuthUser } from '../accounts';
import type { Site } from '../sites';
import type { CreditsService } from './credits';
import type { PaymentsConfig } from './config';
import type { DiscountsService, ResolvedDiscount } from './discounts';
import {
  mandateKind,
  orderStatusOf,
  refusedByProvider,
  type PaymentProvider,
  type ProviderPayment,
} from './providers/types';
import { currencyFor } from './shop';

export interface OrderRow {
  id: number;
  user_id: number;
  site_id: number | null;
  package_id: number | null;
  credits: number;
  amount: number;
  original_amount: number | null;
  currency: string;
  discount_code: string | null;
  discount_code_id: number | null;
  payment_method: string;
  status: OrderStatus;
  recurring: boolean;
  credited_at: string | Date | null;
  completed_at: string | Date | null;
  created_at: string | Date;
  refunded_credits: number;
  refund_shortfall: number;
  provider_id: string | null;
}

interface PaymentRow {
  id: number;
  order_id: number;
  provider: string;
  provider_id: string | null;
  amount: number;
  currency: string;
  status: string;
  user_id: number;
  sequence_type: string;
  customer_id: string | null;
  mandate_id: string | null;
  idempotency_key: string | null;
  created_at: string | Date;
  /** The order's own price: what the provider must report. */
  order_amount: number;
  order_currency: string;
}

/** A charge recorded but never answered is looked for this long; then it is failed (nothing was taken). */
const UNSENT_GIVE_UP_MS = 60 * 60_000;
/** Webhook calls for one payment id in a minute (Mollie calls once per status change, retrying on errors). */
const WEBHOOK_PER_MINUTE = 10;
/** SEPA direct debit: an unauthorised debit can be returned up to 13 months after it was collected. */
const SEPA_REVERSAL_MONTHS = 13;

const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);

export function toOrder(r: OrderRow): Order {
  return {
    id: r.id,
    payment_id: r.provider_id,
    credits: r.credits,
    amount: { amount: r.amount, currency: r.currency },
    original_amount: { amount: r.original_amount ?? r.amount, currency: r.currency },
    discount_code: r.discount_code,
    package_id: r.package_id,
    method: r.payment_method as PaymentMethod,
    status: r.status,
    recurring: r.recurring,
    created_at: iso(r.created_at)!,
    completed_at: iso(r.completed_at),
    refunded_credits: r.refunded_credits,
    refund_shortfall: r.refund_shortfall,
  };
}

/** The order with its newest payment's provider id. */
const ORDER_SELECT = sql`SELECT o.*, (SELECT p.provider_id FROM payments p WHERE p.order_id = o.id
                                     ORDER BY p.id DESC LIMIT 1) AS provider_id FROM orders o`;

export interface PaymentsDeps {
  db: Db;
  credits: CreditsService;
  discounts: DiscountsService;
  live?: LiveHub;
  log: FastifyBaseLogger;
  config: PaymentsConfig;
  provider: PaymentProvider | null;
  /** Extra counters for the live `counters` event (unread messages, new likes), when another domain knows them. */
  counters?: (userId: number) => Promise<{ unread_messages: number; new_likes: number }>;
}

export interface PaymentContext {
  user: AuthUser;
  site: Site;
  /** The IP country (null on loopback); the member's profile country is the fallback. */
  geoCountry: string | null;
  /** Where the provider sends the payer back and posts its webhook (the site's origin). */
  origin: string;
}

/** The payment country (SPEC §3 "payment country"): IP country, else the member's country, else NL. */
export function paymentCountry(ctx: Pick<PaymentContext, 'user' | 'geoCountry'>): string {
  return (ctx.geoCountry ?? ctx.user.profile.country ?? 'NL').toUpperCase();
}

/**
 * Orders and their payments (ARCHITECTURE §7). The server prices every order; a payment is credited exactly
 * once by one conditional UPDATE on the order (`credited_at IS NULL`) in the transaction that adds the credits,
 * marks the first purchase premium and redeems the discount code, whoever arrives first: webhook, return page or
 * the reconciliation job, on any node.
 */
export function createOrdersService(deps: PaymentsDeps) {
  const { db, credits, discounts, log, config } = deps;

  function requireProvider(): PaymentProvider {
    if (!deps.provider) throw new ApiError(503, 'payments_unavailable');
    return deps.provider;
  }

  /** Currency the member pays in: what packages.php shows (IP country's currency if priced, else the site's). */
  async function offeredCurrency(country: string, site: Site): Promise<string> {
    const wanted = currencyFor(country, site.currency);
    if (wanted === site.currency) return wanted;
    const any = await first<{ one: number }>(
      db,
      sql`SELECT 1 AS one FROM credit_packages WHERE active AND currency = ${wanted}
            AND (site_id IS NULL OR site_id = ${site.id}) LIMIT 1`,
    );
    return any ? wanted : site.currency;
  }

  async function loadPackage(packageId: number, site: Site, currency: string) {
    const pkg = await first<{ id: number; credits: number; amount: number; currency: string }>(
      db,
      sql`SELECT id, credits, amount, currency FROM credit_packages
          WHERE id = ${packageId} AND active AND (site_id IS NULL OR site_id = ${site.id})`,
    );
    // Another site's package, another currency's, or none: the same answer, nothing created.
    if (!pkg || pkg.currency !== currency) throw badInput('package_id', 'package_unavailable');
    return pkg;
  }

  function webhookUrl(origin: string) {
    return `${config.publicUrl ?? origin}/api/payment-webhook.php`;
  }

  async function customerFor(provider: PaymentProvider, user: AuthUser): Promise<string> {
    const known = await first<{ customer_id: string }>(
      db,
      sql`SELECT customer_id FROM payment_customers WHERE user_id = ${user.id} AND provider = ${provider.name}`,
    );
    if (known) return known.customer_id;
    const created = await provider.createCustomer({
      name: user.profile.name,
      email: user.email,
      userId: user.id,
    });
    // Two first orders at once may both create one; the first stored wins and the other stays unused.
    const stored = await first<{ customer_id: string }>(
      db,
      sql`INSERT INTO payment_customers (user_id, provider, customer_id) VALUES (${user.id}, ${provider.name}, ${created})
          ON CONFLICT (user_id, provider) DO UPDATE SET user_id = EXCLUDED.user_id
          RETURNING customer_id`,
    );
    return stored!.customer_id;
  }

  async function insertOrder(
    tx: Tx | Db,
    o: {
      user: AuthUser;
      site: Site;
      packageId: number;
      credits: number;
      amount: number;
      originalAmount: number;
      currency: string;
      method: PaymentMethod;
      discount: ResolvedDiscount | null;
      country: string;
      recurring: boolean;
      /** The client's Idempotency-Key (a POST that charges). */
      requestKey?: string | null;
    },
  ): Promise<{ order: OrderRow; replay: boolean }> {
    // One statement reserves the code (the claim's unique index, ADR 0027) and the request key: a second order
    // for the same single-use code or the same key inserts nothing.
    const row = await first<OrderRow>(
      tx,
      sql`INSERT INTO orders (user_id, site_id, package_id, credits, amount, original_amount, currency,
                              discount_code, discount_code_id, discount_claim, payment_method, country, recurring,
                              request_key)
          VALUES (${o.user.id}, ${o.site.id}, ${o.packageId}, ${o.credits}, ${o.amount}, ${o.originalAmount},
                  ${o.currency}, ${o.discount?.code ?? null}, ${o.discount?.id ?? null}, ${o.discount?.claim ?? null},
                  ${o.method}, ${o.country}, ${o.recurring}, ${o.requestKey ?? null})
          ON CONFLICT DO NOTHING
          RETURNING *, NULL::text AS provider_id`,
    );
    if (row) return { order: row, replay: false };
    if (o.requestKey) {
      const known = await first<OrderRow>(
        tx,
        sql`${ORDER_SELECT} WHERE o.user_id = ${o.user.id} AND o.request_key = ${o.requestKey}`,
      );
      if (known) return { order: known, replay: true };
    }
    // The code is held by another open or paid order (another tab, another member for a code valid once).
    throw new ApiError(409, 'code_reserved');
  }

  async function recordPayment(orderId: number, provider: PaymentProvider, p: ProviderPayment) {
    // Never answers twice for one provider id (a replayed charge, a webhook that attached it first).
    await db.execute(
      sql`INSERT INTO payments (order_id, provider, provider_id, status, amount, currency, method, checkout_url,
                                sequence_type, customer_id, mandate_id, next_check_at)
          VALUES (${orderId}, ${provider.name}, ${p.id}, 'pending', ${p.amount.amount}, ${p.amount.currency},
                  ${p.method}, ${p.checkoutUrl}, ${p.sequenceType}, ${p.customerId}, ${p.mandateId},
                  now() + make_interval(secs => ${config.recheckSeconds}))
          ON CONFLICT (provider_id) DO NOTHING`,
    );
  }

  /**
   * Attaches the provider's payment to the charge we recorded before calling it (by our row, or by the order the
   * provider echoes in its metadata), only when it is that charge: same order, customer, mandate, amount.
   */
  async function attach(paymentRowId: number, remote: ProviderPayment): Promise<boolean> {
    const row = await first<{ id: number }>(
      db,
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
        db,
        sql`SELECT provider_id FROM payments WHERE id = ${paymentRowId}`,
      );
      if (now?.provider_id === remote.id) return true;
      log.error(
        { paymentRowId, remote },
        'provider payment does not match the charge we recorded: not attached',
      );
      return false;
    }
    return true;
  }

  async function failOrder(orderId: number) {
    await db.execute(
      sql`UPDATE orders SET status = 'failed', updated_at = now() WHERE id = ${orderId} AND status = 'pending'`,
    );
  }

  /** A charge the provider refused, or never made: the payment and the order end failed (the code is released). */
  async function failCharge(paymentRowId: number, orderId: number) {
    await db.transaction(async (tx) => {
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
  async function recover(paymentRowId: number): Promise<OrderRow | null> {
    const payment = await first<PaymentRow>(
      db,
      sql`SELECT p.*, o.user_id, o.amount AS order_amount, o.currency AS order_currency
          FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = ${paymentRowId}`,
    );
    if (!payment) return null;
    if (payment.provider_id) return settle(payment.provider_id);
    const provider = deps.provider;
    if (!provider || provider.name !== payment.provider || !payment.customer_id || !payment.idempotency_key) {
      return (await load(payment.order_id)) ?? null;
    }
    const found = await provider.findCharge({
      customerId: payment.customer_id,
      orderId: payment.order_id,
      idempotencyKey: payment.idempotency_key,
    });
    if (found) {
      log.warn(
        { orderId: payment.order_id, providerId: found.id },
        'unanswered charge found at the provider',
      );
      if (await attach(payment.id, found)) return settle(found.id);
      return (await load(payment.order_id)) ?? null;
    }
    if (Date.now() - new Date(payment.created_at).getTime() > UNSENT_GIVE_UP_MS) {
      log.warn({ orderId: payment.order_id }, 'charge never reached the provider: order failed');
      await failCharge(payment.id, payment.order_id);
    }
    return (await load(payment.order_id)) ?? null;
  }

  async function load(orderId: number): Promise<OrderRow | undefined> {
    return first<OrderRow>(db, sql`${ORDER_SELECT} WHERE o.id = ${orderId}`);
  }

  /** Takes back what a refund or chargeback reverses: the purchased credits, never below zero. */
  async function reverseIn(tx: Tx, orderId: number, status: 'refunded' | 'charged_back') {
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
      await credits.debit(
        { userId: order.user_id, amount: taken, kind: 'refund', ref: `order:${orderId}` },
        tx,
      );
    }
    await tx.execute(
      sql`UPDATE orders SET refunded_credits = ${taken}, refund_shortfall = ${order.credits - taken}
          WHERE id = ${orderId}`,
    );
    if (status === 'charged_back') {
      // A returned direct debit blocks paying that way again (SPEC §6: users blocked from direct debit).
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
    return { userId: order.user_id, taken, shortfall: order.credits - taken };
  }

  /**
   * Direct debit's block and limit (SPEC §6), for every SEPA charge (the direct-debit form and repeat orders on a
   * SEPA mandate): under the member's row lock, so two orders at once cannot both slip under the limit.
   */
  async function sepaGuard(tx: Tx, userId: number) {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    const blocked = await first(tx, sql`SELECT 1 AS one FROM direct_debit_blocks WHERE user_id = ${userId}`);
    if (blocked) throw new ApiError(403, 'dd_blocked');
    const count = await first<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId} AND payment_method = 'sdd'
            AND status IN ('pending', 'completed')
            AND created_at > now() - make_interval(days => ${config.ddLimitDays})`,
    );
    if ((count?.n ?? 0) >= config.ddLimitCount) throw new ApiError(429, 'dd_limit');
  }

  async function publishCounters(userId: number) {
    if (!deps.live) return;
    try {
      const user = await first<{ credits: number; paid_user: boolean }>(
        db,
        sql`SELECT credits, paid_user FROM users WHERE id = ${userId}`,
      );
      if (!user) return;
      const extra = deps.counters ? await deps.counters(userId) : null;
      if (!extra) return;
      deps.live.publish(userId, {
        type: 'counters',
        ...extra,
        credits: user.credits,
        paid_user: user.paid_user,
      });
    } catch (err) {
      log.warn({ err }, 'counters event not published');
    }
  }

  /**
   * Asks the provider about one payment and applies the answer. Idempotent: any number of calls, in any order,
   * on any node, credit the order at most once. Returns null for a payment id we never made.
   */
  async function settle(providerId: string): Promise<OrderRow | null> {
    const select = sql`SELECT p.*, o.user_id, o.amount AS order_amount, o.currency AS order_currency
                       FROM payments p JOIN orders o ON o.id = p.order_id`;
    let payment = await first<PaymentRow>(db, sql`${select} WHERE p.provider_id = ${providerId}`);
    if (!payment) {
      // Not ours by id: maybe a charge we recorded and never heard back about (the provider accepted, then a
      // timeout or a crash). The provider names our order in its metadata; it is attached only when it matches.
      const provider = deps.provider;
      if (!provider) return null;
      const remote = await provider.getPayment(providerId);
      if (!remote || remote.orderId === null) return null;
      const unsent = await first<{ id: number }>(
        db,
        sql`SELECT id FROM payments WHERE order_id = ${remote.orderId} AND provider_id IS NULL
              AND provider = ${provider.name} AND status = 'pending' ORDER BY id DESC LIMIT 1`,
      );
      if (unsent) await attach(unsent.id, remote);
      // Attached here, or by a parallel call of the same webhook a moment ago.
      payment = await first<PaymentRow>(db, sql`${select} WHERE p.provider_id = ${providerId}`);
      if (!payment) return null;
    }
    const provider = deps.provider;
    if (!provider || provider.name !== payment.provider) {
      log.warn({ providerId, provider: payment.provider }, 'payment of a provider that is not configured');
      return (await load(payment.order_id)) ?? null;
    }
    const remote = await provider.getPayment(providerId);
    if (!remote) {
      log.error({ providerId }, 'provider does not know our payment');
      return (await load(payment.order_id)) ?? null;
    }
    // The provider must report our order and its price (the order's own amount and currency, not a copy of the
    // provider's earlier answer); a payment without a valid order reference is refused and logged.
    if (remote.orderId === null || remote.orderId !== payment.order_id) {
      log.error(
        { providerId, remote, orderId: payment.order_id },
        'payment without our order reference: refused',
      );
      return (await load(payment.order_id)) ?? null;
    }
    if (remote.amount.amount !== payment.order_amount || remote.amount.currency !== payment.order_currency) {
      log.error({ providerId, remote, payment }, 'payment does not match its order: not credited');
      return (await load(payment.order_id)) ?? null;
    }
    const status = orderStatusOf(remote.status);
    const mandateMethod =
      status === 'completed' && remote.mandateId && remote.customerId && remote.sequenceType === 'first'
        ? ((await provider.getMandate(remote.customerId, remote.mandateId).catch(() => null))?.method ?? null)
        : null;
    if (status === 'completed' && config.fault === 'crash_before_credit') {
      // The crash test: the provider said "paid", the process dies before the crediting transaction.
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => undefined);
    }
    let credited: { userId: number } | null = null;
    let reversed: { userId: number } | null = null;
    await db.transaction(async (tx) => {
      // Monotonic (ADR 0027): an open payment takes any answer; a final one only ever becomes "completed" (the
      // provider collected it after all); "completed" never changes, so a late "open" cannot undo "paid".
      await tx.execute(
        sql`UPDATE payments SET status = CASE WHEN status = 'pending' OR (${status} = 'completed' AND status <> 'completed')
                                         THEN ${status} ELSE status END,
                   method = COALESCE(${remote.method}, method),
                   mandate_id = COALESCE(${remote.mandateId}, mandate_id), checked_at = now(), updated_at = now(),
                   -- Completed (first time): the reconciliation job looks for a refund or chargeback from then on.
                   next_check_at = CASE WHEN ${status} = 'completed' AND status <> 'completed'
                                        THEN now() + make_interval(secs => ${config.reversalCheckSeconds})
                                        ELSE next_check_at END
            WHERE id = ${payment.id}`,
      );
      if (status === 'completed') {
        const order = await first<{ user_id: number; credits: number; discount_code_id: number | null }>(
          tx,
          // A paid order is credited whatever we had concluded before (a charge we had given up on); if its code
          // is held by another order meanwhile, this one keeps its price but gives up the reservation.
          sql`UPDATE orders SET status = 'completed', credited_at = now(), completed_at = now(), updated_at = now(),
                     discount_claim = CASE WHEN discount_claim IS NOT NULL AND status <> 'pending' AND EXISTS (
                       SELECT 1 FROM orders other WHERE other.discount_claim = orders.discount_claim
                         AND other.id <> orders.id AND other.status IN ('pending', 'completed'))
                       THEN NULL ELSE discount_claim END
              WHERE id = ${payment.order_id} AND credited_at IS NULL
              RETURNING user_id, credits, discount_code_id`,
        );
        if (order) {
          await credits.credit(
            {
              userId: order.user_id,
              amount: order.credits,
              kind: 'purchase',
              ref: `order:${payment.order_id}`,
            },
            tx,
          );
          // SPEC §4: the first credit purchase makes the member premium.
          await tx.execute(
            sql`UPDATE users SET paid_user = true WHERE id = ${order.user_id} AND NOT paid_user`,
          );
          if (order.discount_code_id) {
            const redeemed = await discounts.redeemIn(
              tx,
              order.discount_code_id,
              order.user_id,
              payment.order_id,
            );
            if (redeemed)
              await tx.execute(
                sql`UPDATE orders SET discount_redeemed = true WHERE id = ${payment.order_id}`,
              );
          }
          if (remote.mandateId && remote.customerId && remote.sequenceType === 'first') {
            // The mandate's real type (a card, or SEPA direct debit for iDEAL, Bancontact, SOFORT…), as the
            // provider reports the mandate; the first payment's method only when the provider cannot say.
            await tx.execute(
              sql`INSERT INTO payment_mandates (user_id, provider, customer_id, mandate_id, method)
                  VALUES (${order.user_id}, ${provider.name}, ${remote.customerId}, ${remote.mandateId},
                          ${mandateKind(mandateMethod ?? remote.method)})
                  ON CONFLICT (provider, mandate_id) DO NOTHING`,
            );
          }
          credited = { userId: order.user_id };
        }
        // Reversed at the provider (the payer's bank, or a refund from the provider's dashboard): the purchase is
        // taken back once, whoever sees it first (webhook, reconciliation, on any node).
        if (remote.amountChargedBack > 0) reversed = await reverseIn(tx, payment.order_id, 'charged_back');
        else if (remote.amountRefunded > 0) reversed = await reverseIn(tx, payment.order_id, 'refunded');
      } else if (status !== 'pending') {
        await tx.execute(
          sql`UPDATE orders SET status = ${status}, updated_at = now()
              WHERE id = ${payment.order_id} AND status = 'pending'`,
        );
      }
    });
    const changed = (credited ?? reversed) as { userId: number } | null;
    if (changed) await publishCounters(changed.userId);
    return (await load(payment.order_id)) ?? null;
  }

  return {
    offeredCurrency,
    paymentCountry,
    settle,
    recover,
    sepaGuard,

    /** `POST /api/order.php`: prices the package on the server, creates the order and the provider's payment. */
    async create(
      ctx: PaymentContext,
      input: { package_id: number; method: PaymentMethod; code?: string; return?: string | null },
    ): Promise<{ order: Order; checkout_url: string }> {
      const country = paymentCountry(ctx);
      if (input.method === 'sdd' || !paymentMethodsFor(country).includes(input.method)) {
        throw badInput('method', 'method_unavailable');
      }
      const provider = requireProvider();
      const currency = await offeredCurrency(country, ctx.site);
      const pkg = await loadPackage(input.package_id, ctx.site, currency);
      const discount = input.code
        ? await discounts.resolve(ctx.user, ctx.site, {
            code: input.code,
            country,
            method: input.method,
            amount: pkg.amount,
            currency,
          })
        : null;
      const amount = discount ? discounts.apply(pkg.amount, discount.percentage) : pkg.amount;
      const { order } = await insertOrder(db, {
        user: ctx.user,
        site: ctx.site,
        packageId: pkg.id,
        credits: pkg.credits,
        amount,
        originalAmount: pkg.amount,
        currency,
        method: input.method,
        discount,
        country,
        recurring: false,
      });
      const back = input.return ? `?return=${encodeURIComponent(input.return)}` : '';
      let remote: ProviderPayment;
      try {
        const first = MANDATE_METHODS.includes(input.method);
        remote = await provider.createPayment({
          orderId: order.id,
          amount: { amount, currency },
          description: `${ctx.site.name} ${pkg.credits} credits #${order.id}`,
          method: input.method,
          redirectUrl: `${config.publicUrl ?? ctx.origin}/transactions/${order.id}${back}`,
          webhookUrl: webhookUrl(ctx.origin),
          locale: ctx.user.language,
          sequenceType: first ? 'first' : 'oneoff',
          customerId: first ? await customerFor(provider, ctx.user) : undefined,
        });
      } catch (err) {
        log.error({ err, orderId: order.id }, 'provider refused the payment');
        await failOrder(order.id);
        throw new ApiError(502, 'payment_failed');
      }
      await recordPayment(order.id, provider, remote);
      return { order: toOrder({ ...order, provider_id: remote.id }), checkout_url: remote.checkoutUrl ?? '' };
    },

    /**
     * The webhook's limit per payment id: at most `WEBHOOK_PER_MINUTE` calls in a minute, counted on the payment
     * row in one statement. An id we do not store is limited by the per-address limit only.
     */
    async webhookAllowed(providerId: string): Promise<boolean> {
      const row = await first<{ calls: number }>(
        db,
        sql`UPDATE payments SET
              webhook_calls = CASE WHEN webhook_window IS NULL OR webhook_window < now() - interval '1 minute'
                                   THEN 1 ELSE webhook_calls + 1 END,
              webhook_window = CASE WHEN webhook_window IS NULL OR webhook_window < now() - interval '1 minute'
                                    THEN now() ELSE webhook_window END
            WHERE provider_id = ${providerId}
            RETURNING webhook_calls AS calls`,
      );
      return !row || row.calls <= WEBHOOK_PER_MINUTE;
    },

    /** The member's order made by the request with this Idempotency-Key, if any. */
    async byRequestKey(user: AuthUser, requestKey: string): Promise<Order | null> {
      const row = await first<OrderRow>(
        db,
        sql`${ORDER_SELECT} WHERE o.user_id = ${user.id} AND o.request_key = ${requestKey}`,
      );
      return row ? toOrder(row) : null;
    },

    /** One order of the member; while it is open, the provider is asked again (at most every 2 s). */
    async get(user: AuthUser, orderId: number): Promise<Order> {
      const row = await load(orderId);
      if (!row || row.user_id !== user.id) throw notFound();
      if (row.status === 'pending' && row.provider_id) {
        const due = await first<{ id: number }>(
          db,
          sql`UPDATE payments SET checked_at = now()
              WHERE provider_id = ${row.provider_id} AND status = 'pending'
                AND (checked_at IS NULL OR checked_at < now() - interval '2 seconds')
              RETURNING id`,
        );
        if (due) {
          const settled = await settle(row.provider_id).catch((err: unknown) => {
            log.warn({ err, orderId }, 'status check on the return page failed');
            return null;
          });
          if (settled) return toOrder(settled);
        }
      }
      return toOrder(row);
    },

    async list(user: AuthUser): Promise<Order[]> {
      const found = await rows<OrderRow>(
        db,
        sql`${ORDER_SELECT} WHERE o.user_id = ${user.id} ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
      );
      return found.map(toOrder);
    },

    /**
     * The reconciliation job: claims due open payments (SKIP LOCKED, so nodes never take the same ones),
     * pushes their next check back (exponential, at most an hour), then asks the provider about each.
     */
    async reconcile(limit = 20): Promise<number> {
      if (!deps.provider) return 0;
      // An order whose payment was never created (the provider failed or the process died in between) has
      // nothing to wait for: after an hour it is failed, so it does not stay "pending" in the member's list.
      await db.execute(
        sql`UPDATE orders SET status = 'failed', updated_at = now()
            WHERE status = 'pending' AND created_at < now() - interval '1 hour'
              AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id)`,
      );
      const due = await db.transaction((tx) =>
        rows<{ id: number; provider_id: string | null }>(
          tx,
          sql`UPDATE payments SET checks = checks + 1,
                     next_check_at = now() + make_interval(secs => LEAST(3600, 15 * power(2, LEAST(checks, 8))))
              WHERE id IN (SELECT id FROM payments WHERE status = 'pending' AND next_check_at <= now()
                           ORDER BY next_check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
              RETURNING id, provider_id`,
        ),
      );
      // Completed payments of the last `reversalDays` (13 months for SEPA direct debit, whose unauthorised-payment
      // returns come that late): refunds and chargebacks made at the provider, whose webhook may have been lost,
      // are found here (each payment every `reversalCheckSeconds`).
      const reversals = await db.transaction((tx) =>
        rows<{ id: number; provider_id: string }>(
          tx,
          sql`UPDATE payments SET checks = checks + 1,
                     next_check_at = now() + make_interval(secs => ${config.reversalCheckSeconds})
              WHERE id IN (SELECT p.id FROM payments p JOIN orders o ON o.id = p.order_id
                           WHERE p.status = 'completed' AND p.next_check_at <= now() AND o.status = 'completed'
                             AND o.completed_at > now() - CASE WHEN p.method = 'sdd' OR o.payment_method = 'sdd'
                                                               THEN make_interval(months => ${SEPA_REVERSAL_MONTHS})
                                                               ELSE make_interval(days => ${config.reversalDays}) END
                           ORDER BY p.next_check_at LIMIT ${limit} FOR UPDATE OF p SKIP LOCKED)
              RETURNING id, provider_id`,
        ),
      );
      for (const { id, provider_id } of [...due, ...reversals]) {
        // A charge recorded without the provider's answer is looked up by its key and order id.
        await (provider_id ? settle(provider_id) : recover(id)).catch((err: unknown) =>
          log.warn({ err, provider_id, id }, 'reconcile failed'),
        );
      }
      return due.length + reversals.length;
    },

    /** Repeat order (SPEC §2): what one click would buy again, on which mandate. */
    async repeatInfo(user: AuthUser, site: Site) {
      const provider = deps.provider;
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
      const pkg = last
        ? await first<{
            id: number;
            credits: number;
            amount: number;
            currency: string;
            tier: number;
            popular: boolean;
          }>(
            db,
            sql`SELECT id, credits, amount, currency, tier, popular FROM credit_packages
                WHERE id = ${last.package_id} AND active AND (site_id IS NULL OR site_id = ${site.id})`,
          )
        : undefined;
      return { last, mandate, pkg };
    },

    /** `POST /api/repeat-order.php`: the last package again, charged on the stored mandate. */
    async repeat(ctx: PaymentContext, requestKey: string): Promise<Order> {
      // Replayed request (same Idempotency-Key): the same order, nothing charged again.
      const known = await first<OrderRow>(
        db,
        sql`${ORDER_SELECT} WHERE o.user_id = ${ctx.user.id} AND o.request_key = ${requestKey}`,
      );
      if (known) return toOrder(known);
      if (!ctx.user.paid_user) {
        // Premium ended by a chargeback (api/README, Payments: the chargeback policy) says so.
        const chargedBack = await first(
          db,
          sql`SELECT 1 AS one FROM orders WHERE user_id = ${ctx.user.id} AND status = 'charged_back' LIMIT 1`,
        );
        throw new ApiError(403, chargedBack ? 'premium_removed_chargeback' : 'premium_only');
      }
      const provider = requireProvider();
      const { last, mandate, pkg } = await this.repeatInfo(ctx.user, ctx.site);
      if (!last || !pkg) throw new ApiError(404, 'package_unavailable');
      if (!mandate) {
        const ended = await first(
          db,
          sql`SELECT 1 AS one FROM payment_mandates WHERE user_id = ${ctx.user.id} AND ended_reason = 'chargeback' LIMIT 1`,
        );
        throw new ApiError(409, ended ? 'mandate_charged_back' : 'no_mandate');
      }
      const sepa = mandate.method === 'directdebit';
      // A SEPA mandate (signed here, or left by iDEAL/Bancontact/SOFORT) is direct debit: its block and limits.
      if (sepa) await db.transaction((tx) => sepaGuard(tx, ctx.user.id));
      const live = await provider.getMandate(mandate.customer_id, mandate.mandate_id);
      if (!live || live.status !== 'valid') {
        await db.execute(
          sql`UPDATE payment_mandates SET status = 'invalid' WHERE provider = ${provider.name}
                AND mandate_id = ${mandate.mandate_id}`,
        );
        throw new ApiError(409, 'no_mandate');
      }
      return this.chargeOnMandate(ctx, provider, {
        pkg,
        method: (sepa ? 'sdd' : mandate.method) as PaymentMethod,
        customerId: mandate.customer_id,
        mandateId: mandate.mandate_id,
        discount: null,
        requestKey,
        guard: sepa ? (tx) => sepaGuard(tx, ctx.user.id) : undefined,
      });
    },

    /**
     * Creates an order paid on a mandate (repeat order, direct debit). Record before call (ADR 0027): the order and
     * its payment row, with the idempotency key sent to the provider, commit before the provider is asked to
     * charge; a timeout or a crash after that is recovered (`recover`) by the webhook or reconciliation.
     */
    async chargeOnMandate(
      ctx: PaymentContext,
      provider: PaymentProvider,
      o: {
        pkg: { id: number; credits: number; amount: number; currency: string };
        method: PaymentMethod;
        customerId: string;
        mandateId: string;
        discount: ResolvedDiscount | null;
        /** The client's Idempotency-Key: the same key answers the same order and never charges twice. */
        requestKey: string;
        /** Runs in the order's transaction (e.g. the direct-debit limit under the member's row lock). */
        guard?: (tx: Tx) => Promise<void>;
      },
    ): Promise<Order> {
      const amount = o.discount ? discounts.apply(o.pkg.amount, o.discount.percentage) : o.pkg.amount;
      const idempotencyKey = `charge-${randomUUID()}`;
      const recorded = await db.transaction(async (tx) => {
        // A retry with the same key finds its order before any limit is counted again.
        const known = await first<OrderRow>(
          tx,
          sql`${ORDER_SELECT} WHERE o.user_id = ${ctx.user.id} AND o.request_key = ${o.requestKey}`,
        );
        if (known) return { order: known, replay: true, paymentRowId: 0 };
        await o.guard?.(tx);
        const inserted = await insertOrder(tx, {
          user: ctx.user,
          site: ctx.site,
          packageId: o.pkg.id,
          credits: o.pkg.credits,
          amount,
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
              VALUES (${inserted.order.id}, ${provider.name}, NULL, 'pending', ${amount}, ${o.pkg.currency},
                      ${o.method}, 'recurring', ${o.customerId}, ${o.mandateId}, ${idempotencyKey},
                      now() + make_interval(secs => ${config.recheckSeconds}))
              RETURNING id`,
        );
        return { ...inserted, paymentRowId: payment!.id };
      });
      if (recorded.replay) return toOrder((await load(recorded.order.id)) ?? recorded.order);
      const order = recorded.order;
      let remote: ProviderPayment;
      try {
        remote = await provider.chargeMandate({
          orderId: order.id,
          idempotencyKey,
          amount: { amount, currency: o.pkg.currency },
          description: `${ctx.site.name} ${o.pkg.credits} credits #${order.id}`,
          webhookUrl: webhookUrl(ctx.origin),
          customerId: o.customerId,
          mandateId: o.mandateId,
        });
      } catch (err) {
        if (refusedByProvider(err)) {
          log.error({ err, orderId: order.id }, 'provider refused the recurring charge');
          await failCharge(recorded.paymentRowId, order.id);
        } else {
          // No answer: the charge may have been made. The order stays open until it is found or given up on.
          log.error({ err, orderId: order.id }, 'recurring charge unanswered: left for recovery');
        }
        return toOrder((await load(order.id))!);
      }
      if (config.fault === 'crash_after_charge') {
        // The crash test: the provider accepted the charge, the process dies before its id is stored.
        process.kill(process.pid, 'SIGKILL');
        await new Promise(() => undefined);
      }
      await attach(recorded.paymentRowId, remote);
      const settled = await settle(remote.id);
      return toOrder(settled ?? (await load(order.id))!);
    },

    /**
     * Refund (staff and the refund command), within `refund_days` of completion. Under the order's row lock a
     * refund row is recorded with its idempotency key before the provider is called, so a second refund of the
     * same order answers 409 `refund_in_progress` without calling it; the provider's refund id and status are
     * stored, and the credits are taken back (never below zero; the shortfall is recorded on the order) in one
     * transaction with the caller's audit row.
     */
    async refund(
      orderId: number,
      opts: {
        refundDays: number;
        now?: Date;
        force?: boolean;
        /** Who asked (`staff:<id>`, `command`): kept on the refund row. */
        requestedBy: string;
        /** Writes the audit row in the transaction that takes the credits back. */
        audit?: (tx: Tx, result: { taken: number; shortfall: number; refundId: string }) => Promise<void>;
      },
    ): Promise<{ userId: number; taken: number; shortfall: number; refundId: string }> {
      const provider = requireProvider();
      const STUCK = '5 minutes';
      const rec = await db.transaction(async (tx) => {
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
        if (live && !(live.status === 'requested' && live.stuck))
          throw new ApiError(409, 'refund_in_progress');
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
      let answer: { id: string; status: string };
      try {
        answer = await provider.refund(
          rec.row.provider_id!,
          { amount: rec.row.amount, currency: rec.row.currency },
          `Refund #${orderId}`,
          rec.key,
        );
      } catch (err) {
        if (refusedByProvider(err)) {
          await db.execute(
            sql`UPDATE payment_refunds SET status = 'failed', error = ${String(err)}, updated_at = now()
                WHERE id = ${rec.refundRowId}`,
          );
        }
        // Unanswered: the row stays `requested` and is asked again (same key) on the next attempt.
        log.error({ err, orderId }, 'refund not confirmed by the provider');
        throw new ApiError(502, 'payment_failed');
      }
      let userId = rec.row.user_id;
      const result = await db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE payment_refunds SET status = ${answer.status}, provider_refund_id = ${answer.id},
                     updated_at = now()
              WHERE id = ${rec.refundRowId}`,
        );
        const reversed = await reverseIn(tx, orderId, 'refunded');
        // Else the webhook or reconciliation saw the provider's refund first and took the credits back.
        const taken = reversed
          ? { taken: reversed.taken, shortfall: reversed.shortfall }
          : await first<{ taken: number; shortfall: number }>(
              tx,
              sql`SELECT refunded_credits AS taken, refund_shortfall AS shortfall FROM orders WHERE id = ${orderId}`,
            );
        const out = { taken: taken?.taken ?? 0, shortfall: taken?.shortfall ?? 0, refundId: answer.id };
        await opts.audit?.(tx, out);
        if (reversed) userId = reversed.userId;
        return out;
      });
      await publishCounters(userId);
      return { userId, ...result };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;

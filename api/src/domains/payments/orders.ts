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
import { orderStatusOf, type PaymentProvider, type ProviderPayment } from './providers/types';
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
  provider_id: string;
  amount: number;
  currency: string;
  status: string;
  user_id: number;
  sequence_type: string;
}

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
    },
  ): Promise<OrderRow> {
    const row = await first<OrderRow>(
      tx,
      sql`INSERT INTO orders (user_id, site_id, package_id, credits, amount, original_amount, currency,
                              discount_code, discount_code_id, payment_method, country, recurring)
          VALUES (${o.user.id}, ${o.site.id}, ${o.packageId}, ${o.credits}, ${o.amount}, ${o.originalAmount},
                  ${o.currency}, ${o.discount?.code ?? null}, ${o.discount?.id ?? null}, ${o.method}, ${o.country},
                  ${o.recurring})
          RETURNING *, NULL::text AS provider_id`,
    );
    return row!;
  }

  async function recordPayment(orderId: number, provider: PaymentProvider, p: ProviderPayment) {
    await db.execute(
      sql`INSERT INTO payments (order_id, provider, provider_id, status, amount, currency, method, checkout_url,
                                sequence_type, customer_id, mandate_id, next_check_at)
          VALUES (${orderId}, ${provider.name}, ${p.id}, 'pending', ${p.amount.amount}, ${p.amount.currency},
                  ${p.method}, ${p.checkoutUrl}, ${p.sequenceType}, ${p.customerId}, ${p.mandateId},
                  now() + make_interval(secs => ${config.recheckSeconds}))`,
    );
  }

  async function failOrder(orderId: number) {
    await db.execute(
      sql`UPDATE orders SET status = 'failed', updated_at = now() WHERE id = ${orderId} AND status = 'pending'`,
    );
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
    // A returned direct debit blocks paying that way again (SPEC §6: users blocked from direct debit).
    if (status === 'charged_back' && order.payment_method === 'sdd') {
      await tx.execute(
        sql`INSERT INTO direct_debit_blocks (user_id, reason) VALUES (${order.user_id}, 'chargeback')
            ON CONFLICT (user_id) DO NOTHING`,
      );
    }
    return { userId: order.user_id, taken, shortfall: order.credits - taken };
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
    const payment = await first<PaymentRow>(
      db,
      sql`SELECT p.*, o.user_id FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.provider_id = ${providerId}`,
    );
    if (!payment) return null;
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
    // The provider must report what we asked for; anything else is never credited.
    if (
      remote.amount.amount !== payment.amount ||
      remote.amount.currency !== payment.currency ||
      (remote.orderId !== null && remote.orderId !== payment.order_id)
    ) {
      log.error({ providerId, remote, payment }, 'payment does not match its order: not credited');
      return (await load(payment.order_id)) ?? null;
    }
    const status = orderStatusOf(remote.status);
    if (status === 'completed' && config.fault === 'crash_before_credit') {
      // The crash test: the provider said "paid", the process dies before the crediting transaction.
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => undefined);
    }
    let credited: { userId: number } | null = null;
    let reversed: { userId: number } | null = null;
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE payments SET status = ${status}, method = COALESCE(${remote.method}, method),
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
          sql`UPDATE orders SET status = 'completed', credited_at = now(), completed_at = now(), updated_at = now()
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
            await tx.execute(
              sql`INSERT INTO payment_mandates (user_id, provider, customer_id, mandate_id, method)
                  VALUES (${order.user_id}, ${provider.name}, ${remote.customerId}, ${remote.mandateId},
                          ${remote.method ?? 'creditcard'})
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
      const order = await insertOrder(db, {
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
        rows<{ provider_id: string }>(
          tx,
          sql`UPDATE payments SET checks = checks + 1,
                     next_check_at = now() + make_interval(secs => LEAST(3600, 15 * power(2, LEAST(checks, 8))))
              WHERE id IN (SELECT id FROM payments WHERE status = 'pending' AND next_check_at <= now()
                           ORDER BY next_check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
              RETURNING provider_id`,
        ),
      );
      // Completed payments of the last `reversalDays`: refunds and chargebacks made at the provider, whose
      // webhook may have been lost, are found here (each payment every `reversalCheckSeconds`).
      const reversals = await db.transaction((tx) =>
        rows<{ provider_id: string }>(
          tx,
          sql`UPDATE payments SET checks = checks + 1,
                     next_check_at = now() + make_interval(secs => ${config.reversalCheckSeconds})
              WHERE id IN (SELECT p.id FROM payments p JOIN orders o ON o.id = p.order_id
                           WHERE p.status = 'completed' AND p.next_check_at <= now() AND o.status = 'completed'
                             AND o.completed_at > now() - make_interval(days => ${config.reversalDays})
                           ORDER BY p.next_check_at LIMIT ${limit} FOR UPDATE OF p SKIP LOCKED)
              RETURNING provider_id`,
        ),
      );
      for (const { provider_id } of [...due, ...reversals]) {
        await settle(provider_id).catch((err: unknown) => log.warn({ err, provider_id }, 'reconcile failed'));
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
                WHERE user_id = ${user.id} AND provider = ${provider.name} AND status = 'valid' AND method <> 'directdebit'
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
    async repeat(ctx: PaymentContext): Promise<Order> {
      if (!ctx.user.paid_user) throw new ApiError(403, 'premium_only');
      const provider = requireProvider();
      const { last, mandate, pkg } = await this.repeatInfo(ctx.user, ctx.site);
      if (!last || !pkg) throw new ApiError(404, 'package_unavailable');
      if (!mandate) throw new ApiError(409, 'no_mandate');
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
        method: (mandate.method === 'directdebit' ? 'sdd' : mandate.method) as PaymentMethod,
        customerId: mandate.customer_id,
        mandateId: mandate.mandate_id,
        discount: null,
      });
    },

    /** Creates an order paid on a mandate (repeat order, direct debit) and settles what the provider knows. */
    async chargeOnMandate(
      ctx: PaymentContext,
      provider: PaymentProvider,
      o: {
        pkg: { id: number; credits: number; amount: number; currency: string };
        method: PaymentMethod;
        customerId: string;
        mandateId: string;
        discount: ResolvedDiscount | null;
        /** Runs in the order's transaction (e.g. the direct-debit limit under the member's row lock). */
        guard?: (tx: Tx) => Promise<void>;
      },
    ): Promise<Order> {
      const amount = o.discount ? discounts.apply(o.pkg.amount, o.discount.percentage) : o.pkg.amount;
      const order = await db.transaction(async (tx) => {
        await o.guard?.(tx);
        return insertOrder(tx, {
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
        });
      });
      let remote: ProviderPayment;
      try {
        remote = await provider.chargeMandate({
          orderId: order.id,
          amount: { amount, currency: o.pkg.currency },
          description: `${ctx.site.name} ${o.pkg.credits} credits #${order.id}`,
          webhookUrl: webhookUrl(ctx.origin),
          customerId: o.customerId,
          mandateId: o.mandateId,
        });
      } catch (err) {
        log.error({ err, orderId: order.id }, 'provider refused the recurring charge');
        await failOrder(order.id);
        return toOrder((await load(order.id))!);
      }
      await recordPayment(order.id, provider, remote);
      const settled = await settle(remote.id);
      return toOrder(settled ?? { ...order, provider_id: remote.id });
    },

    /**
     * Refund (operator): within `refund_days` of completion, through the provider, then the purchased credits
     * are taken back (never below zero; the shortfall is recorded on the order).
     */
    async refund(orderId: number, opts: { refundDays: number; now?: Date; force?: boolean }) {
      const provider = requireProvider();
      const row = await first<OrderRow & { provider: string }>(
        db,
        sql`SELECT o.*, p.provider_id, p.provider FROM orders o
            JOIN payments p ON p.order_id = o.id AND p.status = 'completed' WHERE o.id = ${orderId}`,
      );
      if (!row) throw new Error(`order ${orderId} has no completed payment`);
      if (row.status !== 'completed') throw new Error(`order ${orderId} is ${row.status}`);
      const completed = new Date(row.completed_at ?? row.created_at).getTime();
      const now = (opts.now ?? new Date()).getTime();
      if (!opts.force && now - completed > opts.refundDays * 86_400_000) {
        throw new Error(
          `order ${orderId} is older than ${opts.refundDays} days (refund_days); --force to refund anyway`,
        );
      }
      if (row.provider !== provider.name) throw new Error(`order ${orderId} was paid with ${row.provider}`);
      await provider.refund(
        row.provider_id!,
        { amount: row.amount, currency: row.currency },
        `Refund #${orderId}`,
      );
      const result = await db.transaction((tx) => reverseIn(tx, orderId, 'refunded'));
      if (result) {
        await publishCounters(result.userId);
        return result;
      }
      // The webhook or the reconciliation job saw the provider's refund first and took the credits back.
      const after = await load(orderId);
      if (after?.status !== 'refunded') return null;
      return { userId: after.user_id, taken: after.refunded_credits, shortfall: after.refund_shortfall };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;

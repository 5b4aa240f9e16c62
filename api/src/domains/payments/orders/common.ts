import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Order, OrderStatus, PaymentMethod } from '@dating/shared/contract/index';
import type { Db, Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import { ApiError } from '../../../lib/errors';
import type { LiveHub } from '../../../lib/live';
import type { AuthUser } from '../../../lib/auth';
import type { Site } from '../../sites';
import type { CreditsService } from '../credits';
import type { PaymentsConfig } from '../config';
import type { DiscountsService } from '../discounts';
import type { PaymentProvider } from '../providers/types';

/** What every part of the orders service works with. */
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

export interface PaymentRow {
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
export const ORDER_SELECT = sql`SELECT o.*, (SELECT p.provider_id FROM payments p WHERE p.order_id = o.id
                                     ORDER BY p.id DESC LIMIT 1) AS provider_id FROM orders o`;

/** A payment with its order's member and price. */
export const PAYMENT_SELECT = sql`SELECT p.*, o.user_id, o.amount AS order_amount, o.currency AS order_currency
          FROM payments p JOIN orders o ON o.id = p.order_id`;

/** The payment country (docs/product/credits-and-payments.md "payment country"): IP country, else the member's country, else NL. */
export function paymentCountry(ctx: Pick<PaymentContext, 'user' | 'geoCountry'>): string {
  return (ctx.geoCountry ?? ctx.user.profile.country ?? 'NL').toUpperCase();
}

export function requireProvider(deps: PaymentsDeps): PaymentProvider {
  if (!deps.provider) throw new ApiError(503, 'payments_unavailable');
  return deps.provider;
}

export function webhookUrl(deps: PaymentsDeps, origin: string) {
  return `${deps.config.publicUrl ?? origin}/api/payment-webhook.php`;
}

export async function loadOrder(deps: PaymentsDeps, orderId: number): Promise<OrderRow | undefined> {
  return first<OrderRow>(deps.db, sql`${ORDER_SELECT} WHERE o.id = ${orderId}`);
}

/** The member's order made by the request with this Idempotency-Key (a replayed request), if any. */
export async function orderByRequestKey(
  q: Tx | Db,
  userId: number,
  requestKey: string,
): Promise<OrderRow | undefined> {
  return first<OrderRow>(
    q,
    sql`${ORDER_SELECT} WHERE o.user_id = ${userId} AND o.request_key = ${requestKey}`,
  );
}

/** The live `counters` event after the member's credits or premium changed (best effort). */
export async function publishCounters(deps: PaymentsDeps, userId: number) {
  if (!deps.live) return;
  try {
    const user = await first<{ credits: number; paid_user: boolean }>(
      deps.db,
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
    deps.log.warn({ err }, 'counters event not published');
  }
}

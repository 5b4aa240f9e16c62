import { sql } from 'drizzle-orm';
import {
  MANDATE_METHODS,
  paymentMethodsFor,
  type Order,
  type PaymentMethod,
} from '@dating/shared/contract/index';
import { TIME_BONUS_CODE } from '@dating/shared/constants';
import { chooseDiscount } from '@dating/shared/lib/discount-rule';
import type { Db, Tx } from '../../../db/client';
import { first } from '../../../db/sql';
import { ApiError, badInput } from '../../../lib/errors';
import type { AuthUser } from '../../../lib/auth';
import type { Site } from '../../sites';
import type { ResolvedDiscount } from '../discounts';
import { findCreditPackage, findCreditPackages, type CreditPackageRow } from '../packages';
import type { PaymentProvider, ProviderPayment } from '../providers/types';
import { currencyFor } from '../shop';
import {
  orderByRequestKey,
  paymentCountry,
  requireProvider,
  toOrder,
  webhookUrl,
  type OrderRow,
  type PaymentContext,
  type PaymentsDeps,
} from './common';

/** Currency the member pays in: what packages.php shows (IP country's currency if priced, else the site's). */
export async function offeredCurrency(deps: PaymentsDeps, country: string, site: Site): Promise<string> {
  const wanted = currencyFor(country, site.currency);
  if (wanted === site.currency) return wanted;
  const any = await findCreditPackages(deps.db, site.id, { currency: wanted });
  return any.length > 0 ? wanted : site.currency;
}

async function loadPackage(deps: PaymentsDeps, packageId: number, site: Site, currency: string) {
  const pkg = await findCreditPackage(deps.db, site.id, packageId);
  // Another site's package, another currency's, or none: the same answer, nothing created.
  if (!pkg || pkg.currency !== currency) throw badInput('package_id', 'package_unavailable');
  return pkg;
}

async function customerFor(deps: PaymentsDeps, provider: PaymentProvider, user: AuthUser): Promise<string> {
  const known = await first<{ customer_id: string }>(
    deps.db,
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
    deps.db,
    sql`INSERT INTO payment_customers (user_id, provider, customer_id) VALUES (${user.id}, ${provider.name}, ${created})
        ON CONFLICT (user_id, provider) DO UPDATE SET user_id = EXCLUDED.user_id
        RETURNING customer_id`,
  );
  return stored!.customer_id;
}

export interface NewOrder {
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
}

export async function insertOrder(tx: Tx | Db, o: NewOrder): Promise<{ order: OrderRow; replay: boolean }> {
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
    const known = await orderByRequestKey(tx, o.user.id, o.requestKey);
    if (known) return { order: known, replay: true };
  }
  // The code is held by another open or paid order (another tab, another member for a code valid once).
  throw new ApiError(409, 'code_reserved');
}

async function recordPayment(
  deps: PaymentsDeps,
  orderId: number,
  provider: PaymentProvider,
  p: ProviderPayment,
) {
  // Never answers twice for one provider id (a replayed charge, a webhook that attached it first).
  await deps.db.execute(
    sql`INSERT INTO payments (order_id, provider, provider_id, status, amount, currency, method, checkout_url,
                              sequence_type, customer_id, mandate_id, next_check_at)
        VALUES (${orderId}, ${provider.name}, ${p.id}, 'pending', ${p.amount.amount}, ${p.amount.currency},
                ${p.method}, ${p.checkoutUrl}, ${p.sequenceType}, ${p.customerId}, ${p.mandateId},
                now() + make_interval(secs => ${deps.config.recheckSeconds}))
        ON CONFLICT (provider_id) DO NOTHING`,
  );
}

async function failOrder(deps: PaymentsDeps, orderId: number) {
  await deps.db.execute(
    sql`UPDATE orders SET status = 'failed', updated_at = now() WHERE id = ${orderId} AND status = 'pending'`,
  );
}

export interface CreateInput {
  package_id: number;
  method: PaymentMethod;
  code?: string;
  return?: string | null;
}

/** The server's price: the package in the offered currency, less the discount code if one applies. */
async function priceOrder(deps: PaymentsDeps, ctx: PaymentContext, country: string, input: CreateInput) {
  const currency = await offeredCurrency(deps, country, ctx.site);
  const pkg = await loadPackage(deps, input.package_id, ctx.site, currency);
  const q = { country, method: input.method, amount: pkg.amount, currency };
  const typed = input.code
    ? await deps.discounts.resolve(ctx.user, ctx.site, { ...q, code: input.code })
    : null;
  // docs/adr/0033-discount-rule.md: a code sent with the order is compared with the member's running time bonus and
  // the better of the two is applied, so a client that sends a weaker code never costs the member the bonus.
  const bonus =
    typed && typed.code.toUpperCase() !== TIME_BONUS_CODE
      ? await deps.discounts.timeBonus(ctx.user, ctx.site, q)
      : null;
  const discount = chooseDiscount(typed, bonus).discount;
  const amount = discount ? deps.discounts.apply(pkg.amount, discount.percentage) : pkg.amount;
  return { currency, pkg, discount, amount };
}

/** Asks the provider for the order's payment (a `first` payment with a customer for the mandate methods). */
async function createProviderPayment(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  ctx: PaymentContext,
  input: CreateInput,
  o: { order: OrderRow; pkg: CreditPackageRow; amount: number; currency: string },
): Promise<ProviderPayment> {
  const back = input.return ? `?return=${encodeURIComponent(input.return)}` : '';
  const first = MANDATE_METHODS.includes(input.method);
  return provider.createPayment({
    orderId: o.order.id,
    amount: { amount: o.amount, currency: o.currency },
    description: `${ctx.site.name} ${o.pkg.credits} credits #${o.order.id}`,
    method: input.method,
    redirectUrl: `${deps.config.publicUrl ?? ctx.origin}/transactions/${o.order.id}${back}`,
    webhookUrl: webhookUrl(deps, ctx.origin),
    locale: ctx.user.language,
    sequenceType: first ? 'first' : 'oneoff',
    customerId: first ? await customerFor(deps, provider, ctx.user) : undefined,
  });
}

/** `POST /api/order.php`: prices the package on the server, creates the order and the provider's payment. */
export async function createOrder(
  deps: PaymentsDeps,
  ctx: PaymentContext,
  input: CreateInput,
): Promise<{ order: Order; checkout_url: string }> {
  const country = paymentCountry(ctx);
  if (input.method === 'sdd' || !paymentMethodsFor(country).includes(input.method)) {
    throw badInput('method', 'method_unavailable');
  }
  const provider = requireProvider(deps);
  const { currency, pkg, discount, amount } = await priceOrder(deps, ctx, country, input);
  const { order } = await insertOrder(deps.db, {
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
  let remote: ProviderPayment;
  try {
    remote = await createProviderPayment(deps, provider, ctx, input, { order, pkg, amount, currency });
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'provider refused the payment');
    await failOrder(deps, order.id);
    throw new ApiError(502, 'payment_failed');
  }
  await recordPayment(deps, order.id, provider, remote);
  return { order: toOrder({ ...order, provider_id: remote.id }), checkout_url: remote.checkoutUrl ?? '' };
}

import type { Order } from '@dating/shared/contract/index';
import type { Tx } from '../../../db/client';
import type { AuthUser } from '../../../lib/auth';
import type { Site } from '../../sites';
import type { PaymentProvider } from '../providers/types';
import { paymentCountry, type PaymentContext, type PaymentsDeps } from './common';
import { createOrder, offeredCurrency, type CreateInput } from './create';
import {
  chargeOnMandate,
  recover,
  repeat,
  repeatInfo,
  sepaGuard,
  type MandateCharge,
} from './mandate-charges';
import { byRequestKey, getOrder, listOrders, webhookAllowed } from './read';
import { reconcile } from './reconcile';
import { refund, type RefundOptions } from './refund';
import { settle } from './settle';

export { paymentCountry, toOrder, type OrderRow, type PaymentContext, type PaymentsDeps } from './common';

/**
 * Orders and their payments (docs/product/architecture.md). The server prices every order; a payment is credited exactly
 * once by one conditional UPDATE on the order (`credited_at IS NULL`) in the transaction that adds the credits,
 * marks the first purchase premium and redeems the discount code, whoever arrives first: webhook, return page or
 * the reconciliation job, on any node.
 *
 * One file per responsibility: `create` (pricing, discount reservation, the order and the provider's payment),
 * `settle` (status fetch, monotonic status writes, exactly-once crediting) and `reverse` (refunds and
 * chargebacks taken back), `refund`, `mandate-charges` (repeat orders and direct debit: record before call,
 * recovery), `reconcile` (the job), `read` (an order, the list, the webhook's limit); `common` holds the rows
 * and helpers they share.
 */
export function createOrdersService(deps: PaymentsDeps) {
  return {
    offeredCurrency: (country: string, site: Site) => offeredCurrency(deps, country, site),
    paymentCountry,
    settle: (providerId: string) => settle(deps, providerId),
    recover: (paymentRowId: number) => recover(deps, paymentRowId),
    sepaGuard: (tx: Tx, userId: number) => sepaGuard(deps, tx, userId),
    create: (ctx: PaymentContext, input: CreateInput) => createOrder(deps, ctx, input),
    webhookAllowed: (providerId: string) => webhookAllowed(deps, providerId),
    byRequestKey: (user: AuthUser, requestKey: string) => byRequestKey(deps, user, requestKey),
    get: (user: AuthUser, orderId: number) => getOrder(deps, user, orderId),
    list: (user: AuthUser) => listOrders(deps, user),
    reconcile: (limit?: number) => reconcile(deps, limit),
    repeatInfo: (user: AuthUser, site: Site) => repeatInfo(deps, user, site),
    repeat: (ctx: PaymentContext, requestKey: string): Promise<Order> => repeat(deps, ctx, requestKey),
    chargeOnMandate: (ctx: PaymentContext, provider: PaymentProvider, o: MandateCharge) =>
      chargeOnMandate(deps, ctx, provider, o),
    refund: (orderId: number, opts: RefundOptions) => refund(deps, orderId, opts),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;

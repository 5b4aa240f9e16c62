// The shapes are the TypeBox schemas of `schemas/payments.ts` (the api's source); here their types, imported as
// types only so that no browser bundle gains the schema builder, and the lists and rules the remotes need.
import type * as S from './schemas/payments';

/** Money is integer minor units plus an ISO currency (docs/product/architecture.md). */
export type Money = S.Money;
export type CreditPackage = S.CreditPackage;
/** `GET /api/packages.php` */
export type PackagesResponse = S.PackagesResponse;
/** `GET /api/discountcode.php` */
export type DiscountCode = S.DiscountCode;

/** Payment methods named in docs/product/credits-and-payments.md, in the order offered. */
export const PAYMENT_METHODS = [
  'ideal',
  'creditcard',
  'paypal',
  'bancontact',
  'sdd',
  'sct',
  'applepay',
  'sofort',
  'eps',
  'giropay',
  'blik',
  'postepay',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

const SEPA: readonly PaymentMethod[] = ['creditcard', 'paypal', 'sdd', 'sct', 'applepay'];
/** The methods offered per payment country (docs/product/credits-and-payments.md); a country not listed gets the default set. */
export const PAYMENT_METHODS_BY_COUNTRY: Readonly<Record<string, readonly PaymentMethod[]>> = {
  NL: ['ideal', ...SEPA],
  BE: ['bancontact', ...SEPA],
  DE: ['sofort', 'giropay', ...SEPA],
  AT: ['eps', 'sofort', ...SEPA],
  FR: SEPA,
  ES: SEPA,
  IE: SEPA,
  FI: SEPA,
  IT: ['postepay', ...SEPA],
  PL: ['blik', 'creditcard', 'paypal'],
};
export const DEFAULT_PAYMENT_METHODS: readonly PaymentMethod[] = ['creditcard', 'paypal', 'applepay'];

export function paymentMethodsFor(country: string | null | undefined): readonly PaymentMethod[] {
  return (country && PAYMENT_METHODS_BY_COUNTRY[country.toUpperCase()]) || DEFAULT_PAYMENT_METHODS;
}

/** Methods whose first payment leaves a mandate for repeat orders (docs/product/member-model.md: the repeat-order link). */
export const MANDATE_METHODS: readonly PaymentMethod[] = ['creditcard', 'ideal', 'bancontact', 'sofort'];

/** docs/product/credits-and-payments.md payment states, plus what a refund or chargeback makes of a completed order. */
export type OrderStatus = S.OrderStatus;
/** What the payment provider reports of a payment (an order's status before any refund or chargeback). */
export type PaymentStatus = S.PaymentStatus;
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'charged_back',
];

/** One order of the member (docs/product/credits-and-payments.md Order: payment_id, credits, amount), as the transactions list shows it. */
export type Order = S.Order;

/** `POST /api/order.php`: the server computes credits and amount; the client names only the package. */
export type CreateOrderRequest = S.CreateOrderRequest;
export type CreateOrderResponse = S.CreateOrderResponse;
/** `GET /api/order.php?id=` */
export type OrderResponse = S.OrderResponse;
/** `GET /api/orders.php` */
export type OrdersResponse = S.OrdersResponse;

/** `GET /api/repeat-order.php`: what one click would buy again. */
export type RepeatOrderInfo = S.RepeatOrderInfo;
/** `POST /api/repeat-order.php` */
export type RepeatOrderResponse = S.OrderResponse;

/** `POST /api/directdebit-code.php`: sends the one-time SMS code. */
export type DirectDebitCodeRequest = S.DirectDebitCodeRequest;
export type DirectDebitCodeResponse = S.DirectDebitCodeResponse;
/** `POST /api/directdebit.php` (docs/product/credits-and-payments.md form: otp, account_holder, iban, street, house_number, zip, city, phone). */
export type DirectDebitRequest = S.DirectDebitRequest;
export type DirectDebitResponse = S.OrderResponse;

/**
 * A `return` path is offered after a payment only when it stays on this site: one leading `/`, no `//` or `/\`
 * (protocol-relative), no scheme, no control characters. Anything else is dropped (no open redirect).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}

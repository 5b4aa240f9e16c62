// The payments area's plain values (no TypeBox: browser code runs them, the contract index carries them). The
// calls' schemas and types are `contract/payments.ts`, which re-exports these.

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

/** docs/product/credits-and-payments.md payment states: what the payment provider reports of a payment (an order's
 * status before any refund or chargeback). */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'cancelled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** The payment states plus what a refund or chargeback makes of a completed order. */
export const ORDER_STATUSES = [...PAYMENT_STATUSES, 'refunded', 'charged_back'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'charged_back',
];

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

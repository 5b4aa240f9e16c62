/** Money is integer minor units plus an ISO currency (docs/product/architecture.md). */
export interface Money {
  amount: number;
  currency: string;
}
export interface CreditPackage {
  id: number;
  credits: number;
  price: Money;
  /** Card colour variant p0..p3 (docs/product/constants.md). */
  variant: 0 | 1 | 2 | 3;
  popular: boolean;
}
/** `GET /api/packages.php` */
export interface PackagesResponse {
  packages: CreditPackage[];
  currency: string;
  /** The payment country the methods are for (IP country, else the member's country, else NL). */
  country?: string;
  /** The payment methods offered in that country, in the order shown (docs/product/credits-and-payments.md). */
  methods?: PaymentMethod[];
}
/** `GET /api/discountcode.php` */
export interface DiscountCode {
  code: string;
  country: string | null;
  user_id: number | null;
  expires: string | null;
  value_percentage: number;
  percentage: number;
  currency: string | null;
  minimum_order_value: number | null;
  minimum: number | null;
  status: 'active' | 'used' | 'expired';
  validity: 'once_per_user' | 'once' | 'unlimited';
  expired: boolean;
  paymentmethods: string[] | null;
}

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
export type OrderStatus =
  'pending' | 'completed' | 'failed' | 'cancelled' | 'expired' | 'refunded' | 'charged_back';
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'charged_back',
];

/** One order of the member (docs/product/credits-and-payments.md Order: payment_id, credits, amount), as the transactions list shows it. */
export interface Order {
  id: number;
  /** The provider's payment id (null only while the provider has not answered yet). */
  payment_id: string | null;
  credits: number;
  /** What is charged, after the discount. Never changes after the order is created. */
  amount: Money;
  /** The package price before the discount. */
  original_amount: Money;
  discount_code: string | null;
  package_id: number | null;
  method: PaymentMethod;
  status: OrderStatus;
  /** Paid on a stored mandate (repeat order or direct debit), not through a checkout page. */
  recurring: boolean;
  created_at: string;
  completed_at: string | null;
  /** Credits taken back by a refund or chargeback, and what could not be taken back (already spent). */
  refunded_credits: number;
  refund_shortfall: number;
}

/** `POST /api/order.php`: the server computes credits and amount; the client names only the package. */
export interface CreateOrderRequest {
  package_id: number;
  method: PaymentMethod;
  /** A discount code (the active time bonus or welcome code, or one the member typed). */
  code?: string;
  /** A same-site path to offer after the payment (e.g. the conversation that ran out of credits). */
  return?: string;
}
export interface CreateOrderResponse {
  order: Order;
  /** The provider's hosted checkout; the client navigates there. */
  checkout_url: string;
}
/** `GET /api/order.php?id=` */
export interface OrderResponse {
  order: Order;
}
/** `GET /api/orders.php` */
export interface OrdersResponse {
  orders: Order[];
}

/** `GET /api/repeat-order.php`: what one click would buy again. */
export interface RepeatOrderInfo {
  /** The package of the last completed order, in its currency; null when there is nothing to repeat. */
  package: CreditPackage | null;
  method: PaymentMethod | null;
  /** A valid mandate is stored, so the package can be bought again without a checkout. */
  available: boolean;
}
/** `POST /api/repeat-order.php` */
export interface RepeatOrderResponse {
  order: Order;
}

/** `POST /api/directdebit-code.php`: sends the one-time SMS code. */
export interface DirectDebitCodeRequest {
  phone: string;
  /** Validated before a code is sent (an SMS costs money): the IBAN (mod-97) and the account holder. */
  iban: string;
  account_holder: string;
}
export interface DirectDebitCodeResponse {
  /** Seconds until the code expires. */
  expires_in: number;
}
/** `POST /api/directdebit.php` (docs/product/credits-and-payments.md form: otp, account_holder, iban, street, house_number, zip, city, phone). */
export interface DirectDebitRequest {
  package_id: number;
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
  otp: string;
  /** The SEPA mandate checkbox (docs/product/member-model.md: required). */
  mandate: boolean;
  code?: string;
}
export interface DirectDebitResponse {
  order: Order;
}

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

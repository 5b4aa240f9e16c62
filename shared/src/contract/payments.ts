// The payments calls' requests and answers (docs/product/credits-and-payments.md): schemas and their types; the
// methods, order states and rules the browser runs are `values/payments.ts`, re-exported here.
import { Type, type Static } from 'typebox';
import { ORDER_STATUSES, PAYMENT_METHODS } from './values/payments';
import { IntegerRange, Nullable, StringEnum } from './common';

export * from './values/payments';

// Lists only the server runs are written here, beside their schemas.
export const DISCOUNT_CODE_STATUSES = ['active', 'used', 'expired'] as const;
export const DISCOUNT_CODE_VALIDITIES = ['once_per_user', 'once', 'unlimited'] as const;

/** Money is integer minor units plus an ISO currency (docs/product/architecture.md). */
export const MoneySchema = Type.Object({ amount: Type.Integer(), currency: Type.String() });
/** Money is integer minor units plus an ISO currency (docs/product/architecture.md). */
export type Money = Static<typeof MoneySchema>;

export const PaymentMethodSchema = StringEnum(PAYMENT_METHODS);
export const OrderStatusSchema = StringEnum(ORDER_STATUSES);

export const CreditPackageSchema = Type.Object({
  id: Type.Integer(),
  credits: Type.Integer(),
  price: MoneySchema,
  /** Card colour variant p0..p3 (docs/product/constants.md). */
  variant: IntegerRange<0 | 1 | 2 | 3>(0, 3),
  popular: Type.Boolean(),
});
export type CreditPackage = Static<typeof CreditPackageSchema>;

/** `GET /api/packages.php` */
/** The currencies credit packages are priced in. */
export const CURRENCIES = ['EUR', 'GBP', 'USD', 'PLN', 'DKK', 'SEK', 'NOK', 'CHF'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** `GET /api/packages.php` query: `?currency=` instead of the visitor's (IP country) or the site's. */
export const PackagesQuerySchema = Type.Object({ currency: Type.Optional(StringEnum(CURRENCIES)) });
export type PackagesQuery = Static<typeof PackagesQuerySchema>;
export const PackagesResponseSchema = Type.Object({
  packages: Type.Array(CreditPackageSchema),
  currency: Type.String(),
  /** The payment country the methods are for (IP country, else the member's country, else NL). */
  country: Type.Optional(Type.String()),
  /** The payment methods offered in that country, in the order shown (docs/product/credits-and-payments.md). */
  methods: Type.Optional(Type.Array(PaymentMethodSchema)),
});
/** `GET /api/packages.php` */
export type PackagesResponse = Static<typeof PackagesResponseSchema>;

/** `GET /api/discountcode.php` */
export const DiscountCodeSchema = Type.Object({
  code: Type.String(),
  country: Nullable(Type.String()),
  user_id: Nullable(Type.Integer()),
  expires: Nullable(Type.String()),
  value_percentage: Type.Number(),
  percentage: Type.Number(),
  currency: Nullable(Type.String()),
  minimum_order_value: Nullable(Type.Integer()),
  minimum: Nullable(Type.Integer()),
  status: StringEnum(DISCOUNT_CODE_STATUSES),
  validity: StringEnum(DISCOUNT_CODE_VALIDITIES),
  expired: Type.Boolean(),
  paymentmethods: Nullable(Type.Array(Type.String())),
});
/** `GET /api/discountcode.php` */
export type DiscountCode = Static<typeof DiscountCodeSchema>;
/**
 * `GET /api/discountcode.php` query: `?code=` looks a code up for the visitor or member, `?welcome=true` answers
 * the member's welcome code; the page's other parameters (tracking values) may come along.
 */
export const DiscountCodeQuerySchema = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 64 })),
    welcome: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type DiscountCodeQuery = Static<typeof DiscountCodeQuerySchema>;

/** One order of the member (docs/product/credits-and-payments.md Order: payment_id, credits, amount), as the transactions list shows it. */
export const OrderSchema = Type.Object({
  id: Type.Integer(),
  /** The provider's payment id (null only while the provider has not answered yet). */
  payment_id: Nullable(Type.String()),
  credits: Type.Integer(),
  /** What is charged, after the discount. Never changes after the order is created. */
  amount: MoneySchema,
  /** The package price before the discount. */
  original_amount: MoneySchema,
  discount_code: Nullable(Type.String()),
  package_id: Nullable(Type.Integer()),
  method: PaymentMethodSchema,
  status: OrderStatusSchema,
  /** Paid on a stored mandate (repeat order or direct debit), not through a checkout page. */
  recurring: Type.Boolean(),
  created_at: Type.String(),
  completed_at: Nullable(Type.String()),
  /** Credits taken back by a refund or chargeback, and what could not be taken back (already spent). */
  refunded_credits: Type.Integer(),
  refund_shortfall: Type.Integer(),
});
/** One order of the member (docs/product/credits-and-payments.md Order: payment_id, credits, amount), as the transactions list shows it. */
export type Order = Static<typeof OrderSchema>;

/** `POST /api/order.php`: the server computes credits and amount; the client names only the package. */
export const CreateOrderRequestSchema = Type.Object(
  {
    package_id: Type.Integer({ minimum: 1 }),
    method: PaymentMethodSchema,
    /** A discount code (the active time bonus or welcome code, or one the member typed). */
    code: Type.Optional(Type.String({ maxLength: 64 })),
    /** A same-site path to offer after the payment (e.g. the conversation that ran out of credits). */
    return: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
/** `POST /api/order.php`: the server computes credits and amount; the client names only the package. */
export type CreateOrderRequest = Static<typeof CreateOrderRequestSchema>;
export const CreateOrderResponseSchema = Type.Object({
  order: OrderSchema,
  /** The provider's hosted checkout; the client navigates there. */
  checkout_url: Type.String(),
});
export type CreateOrderResponse = Static<typeof CreateOrderResponseSchema>;
/** `GET /api/order.php?id=`, and the answers of `POST /api/repeat-order.php` and `POST /api/directdebit.php`. */
export const OrderResponseSchema = Type.Object({ order: OrderSchema });
/** `GET /api/order.php?id=` */
/** `POST /api/repeat-order.php` */
export type OrderResponse = Static<typeof OrderResponseSchema>;
export const OrderQuerySchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type OrderQuery = Static<typeof OrderQuerySchema>;
/** `GET /api/orders.php` */
export const OrdersResponseSchema = Type.Object({ orders: Type.Array(OrderSchema) });
/** `GET /api/orders.php` */
export type OrdersResponse = Static<typeof OrdersResponseSchema>;

/** `GET /api/repeat-order.php`: what one click would buy again. */
export const RepeatOrderInfoSchema = Type.Object({
  /** The package of the last completed order, in its currency; null when there is nothing to repeat. */
  package: Nullable(CreditPackageSchema),
  method: Nullable(PaymentMethodSchema),
  /** A valid mandate is stored, so the package can be bought again without a checkout. */
  available: Type.Boolean(),
});
/** `GET /api/repeat-order.php`: what one click would buy again. */
export type RepeatOrderInfo = Static<typeof RepeatOrderInfoSchema>;
/** `POST /api/repeat-order.php`: no body. */
export const RepeatOrderRequestSchema = Type.Object({}, { additionalProperties: false });
export type RepeatOrderRequest = Static<typeof RepeatOrderRequestSchema>;

const text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const PhoneSchema = Type.String({ minLength: 6, maxLength: 32 });

/** `POST /api/directdebit-code.php`: sends the one-time SMS code. */
export const DirectDebitCodeRequestSchema = Type.Object({
  phone: PhoneSchema,
  /** Validated before a code is sent (an SMS costs money): the IBAN (mod-97) and the account holder. */
  iban: text(42),
  account_holder: text(100),
});
/** `POST /api/directdebit-code.php`: sends the one-time SMS code. */
export type DirectDebitCodeRequest = Static<typeof DirectDebitCodeRequestSchema>;
export const DirectDebitCodeResponseSchema = Type.Object({
  /** Seconds until the code expires. */
  expires_in: Type.Integer(),
});
export type DirectDebitCodeResponse = Static<typeof DirectDebitCodeResponseSchema>;
/** `POST /api/directdebit.php` (docs/product/credits-and-payments.md form: otp, account_holder, iban, street, house_number, zip, city, phone). */
export const DirectDebitRequestSchema = Type.Object(
  {
    package_id: Type.Integer({ minimum: 1 }),
    account_holder: text(100),
    iban: text(42),
    street: text(100),
    house_number: text(20),
    zip: text(16),
    city: text(80),
    phone: PhoneSchema,
    otp: Type.String({ maxLength: 12 }),
    /** The SEPA mandate checkbox (docs/product/member-model.md: required). */
    mandate: Type.Boolean(),
    code: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
/** `POST /api/directdebit.php` (docs/product/credits-and-payments.md form: otp, account_holder, iban, street, house_number, zip, city, phone). */
export type DirectDebitRequest = Static<typeof DirectDebitRequestSchema>;

/**
 * A POST that charges carries the client's `Idempotency-Key` header (ADR 0027): one key per intended purchase, the
 * same key on every retry of it. The same key again answers the order it made and never charges twice.
 */
export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ maxLength: 128 })),
});
export type IdempotencyHeaders = Static<typeof IdempotencyHeadersSchema>;

/** `POST /api/payment-webhook.php`: the payment provider's call, the payment id alone (form-encoded, as Mollie sends it). */
export const PaymentWebhookBodySchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' }),
});
export type PaymentWebhookBody = Static<typeof PaymentWebhookBodySchema>;
export const PaymentWebhookResponseSchema = Type.Object({ ok: Type.Boolean() });

/** What the built-in test provider's hosted checkout (`/pay/test/:id`) lets the payer choose (a real PSP's outcomes). */
export const TEST_OUTCOMES = [
  'paid',
  'paid_decline_later',
  'paid_timeout_later',
  'paid_webhook_lost',
  'paid_webhook_late',
  'failed',
  'canceled',
  'expired',
  'open',
] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];
/** `/pay/test/:id`: a test payment's id. */
export const TestCheckoutParamsSchema = Type.Object({
  id: Type.String({ maxLength: 64, pattern: '^tst_[a-f0-9]+$' }),
});
export type TestCheckoutParams = Static<typeof TestCheckoutParamsSchema>;
/** `POST /pay/test/:id`: the outcome the payer picked, or afterwards a chargeback or a refund at the provider. */
export const TestCheckoutBodySchema = Type.Object({
  outcome: StringEnum([...TEST_OUTCOMES, 'chargeback', 'refund'] as const),
});
export type TestCheckoutBody = Static<typeof TestCheckoutBodySchema>;

import type { Money, OrderStatus } from '@dating/shared/contract/index';

/** A payment as the provider reports it (Mollie's Payments API v2 vocabulary). */
export type ProviderStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
export type SequenceType = 'oneoff' | 'first' | 'recurring';

export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  amount: Money;
  /** Where the member pays (hosted checkout); null for recurring charges. */
  checkoutUrl: string | null;
  method: string | null;
  sequenceType: SequenceType;
  customerId: string | null;
  /** Set once a first payment has left a mandate, or on a recurring charge. */
  mandateId: string | null;
  /** Our order id, echoed from the metadata we sent. */
  orderId: number | null;
  amountRefunded: number;
  amountChargedBack: number;
}

export interface CreatePayment {
  orderId: number;
  amount: Money;
  description: string;
  method: string;
  redirectUrl: string;
  webhookUrl: string;
  locale: string;
  sequenceType: 'oneoff' | 'first';
  customerId?: string;
}

export interface ChargeMandate {
  orderId: number;
  /** Sent as Mollie's `Idempotency-Key`: the same key never charges twice (ADR 0027). */
  idempotencyKey: string;
  amount: Money;
  description: string;
  webhookUrl: string;
  customerId: string;
  mandateId: string;
}

export interface DirectDebitMandate {
  customerId: string;
  consumerName: string;
  iban: string;
  /** YYYY-MM-DD */
  signatureDate: string;
  reference: string;
}

export interface ProviderMandate {
  id: string;
  status: 'valid' | 'pending' | 'invalid';
  method: string;
}

/**
 * One interface for every payment service provider (docs/product/architecture.md): create a payment, fetch its status,
 * refund, charge a mandate. Webhooks carry only an id; the status always comes from `getPayment`.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'mollie';
  createPayment(input: CreatePayment): Promise<ProviderPayment>;
  /** null when the provider does not know the id. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** One refund per `idempotencyKey`; answers the provider's refund id and status (Mollie: queued, pending, …). */
  refund(
    paymentId: string,
    amount: Money,
    description: string,
    idempotencyKey: string,
  ): Promise<{ id: string; status: string }>;
  createCustomer(input: { name: string; email: string | null; userId: number }): Promise<string>;
  getMandate(customerId: string, mandateId: string): Promise<ProviderMandate | null>;
  createDirectDebitMandate(input: DirectDebitMandate): Promise<ProviderMandate>;
  chargeMandate(input: ChargeMandate): Promise<ProviderPayment>;
  /**
   * A charge we started and never heard back about (a timeout, a crash): looked up by our order id in the
   * metadata among the customer's payments (Mollie's list endpoint, as its idempotency guide advises), or null.
   */
  findCharge(input: {
    customerId: string;
    orderId: number;
    idempotencyKey: string;
  }): Promise<ProviderPayment | null>;
}

/**
 * True when the provider answered and refused (a 4xx other than 408/409/429): nothing was charged. Anything else
 * (a timeout, a 5xx, a dropped connection) leaves the outcome unknown: the charge may have been accepted.
 */
export function refusedByProvider(err: unknown): boolean {
  const status = (err as { statusCode?: number } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && ![408, 409, 429].includes(status);
}

/** Mollie's mandate methods: a card mandate, or SEPA direct debit (what iDEAL, Bancontact, SOFORT first payments leave). */
export function mandateKind(method: string | null | undefined): 'creditcard' | 'directdebit' | 'paypal' {
  if (method === 'creditcard' || method === 'paypal') return method;
  return 'directdebit';
}

/** Our state for a provider status: docs/product/member-model.md's pending, completed, failed, cancelled (and expired). */
export function orderStatusOf(
  status: ProviderStatus,
): Extract<OrderStatus, 'pending' | 'completed' | 'failed' | 'cancelled' | 'expired'> {
  switch (status) {
    case 'paid':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'cancelled';
    case 'expired':
      return 'expired';
    default:
      return 'pending';
  }
}

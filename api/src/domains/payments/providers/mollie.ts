import createMollieClient, {
  type Locale,
  type MandateMethod,
  type Payment,
  type PaymentMethod,
  type SequenceType,
} from '@mollie/api-client';
import type { Money } from '@dating/shared/contract/index';
import type { PaymentProvider, ProviderPayment, ProviderStatus } from './types';

/** Our method names (docs/product/credits-and-payments.md) as Mollie's; a bank transfer is `banktransfer` there. */
const METHOD: Record<string, string> = { sct: 'banktransfer', sdd: 'directdebit' };
const OUR_METHOD: Record<string, string> = { banktransfer: 'sct', directdebit: 'sdd' };

const MOLLIE_LOCALE: Record<string, string> = {
  nl: 'nl_NL',
  en: 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  es: 'es_ES',
  it: 'it_IT',
  da: 'da_DK',
  nb: 'nb_NO',
  sv: 'sv_SE',
  fi: 'fi_FI',
  pl: 'pl_PL',
};

/** Minor units → Mollie's decimal string ("10.00"); currencies without decimals are not priced here. */
export function toMollieAmount(money: Money): { currency: string; value: string } {
  return { currency: money.currency, value: (money.amount / 100).toFixed(2) };
}

export function fromMollieAmount(value: { value: string } | undefined | null): number {
  return value ? Math.round(Number(value.value) * 100) : 0;
}

function toPayment(p: Payment): ProviderPayment {
  const metadata = (p.metadata ?? {}) as { orderId?: number };
  return {
    id: p.id,
    status: p.status as ProviderStatus,
    amount: { amount: fromMollieAmount(p.amount), currency: p.amount.currency },
    checkoutUrl: p.getCheckoutUrl() ?? null,
    method: p.method ? (OUR_METHOD[p.method] ?? p.method) : null,
    sequenceType: p.sequenceType as ProviderPayment['sequenceType'],
    customerId: p.customerId ?? null,
    mandateId: p.mandateId ?? null,
    orderId: typeof metadata.orderId === 'number' ? metadata.orderId : null,
    amountRefunded: fromMollieAmount(p.amountRefunded),
    amountChargedBack: fromMollieAmount(p.amountChargedBack),
  };
}

/**
 * Mollie (Payments API v2) through `@mollie/api-client`: payments with redirect and webhook URLs, customers,
 * first and recurring sequence types, mandates and refunds. `apiUrl` replaces https://api.mollie.com/v2/
 * (tests point it at a local stand-in).
 */
export function createMollieProvider(opts: { apiKey: string; apiUrl?: string }): PaymentProvider {
  const client = createMollieClient({
    apiKey: opts.apiKey,
    ...(opts.apiUrl ? { apiEndpoint: opts.apiUrl } : {}),
  });
  return {
    name: 'mollie',

    async createPayment(input) {
      const payment = await client.payments.create({
        amount: toMollieAmount(input.amount),
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        method: (METHOD[input.method] ?? input.method) as PaymentMethod,
        locale: (MOLLIE_LOCALE[input.locale] ?? 'nl_NL') as Locale,
        metadata: { orderId: input.orderId },
        sequenceType: input.sequenceType as SequenceType,
        ...(input.customerId ? { customerId: input.customerId } : {}),
      });
      return toPayment(payment);
    },

    async getPayment(id) {
      try {
        return toPayment(await client.payments.get(id));
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw err;
      }
    },

    async refund(paymentId, amount, description, idempotencyKey) {
      const refund = await client.paymentRefunds.create({
        paymentId,
        amount: toMollieAmount(amount),
        description,
        idempotencyKey,
      });
      return { id: refund.id, status: String(refund.status) };
    },

    async createCustomer(input) {
      const customer = await client.customers.create({
        name: input.name,
        ...(input.email ? { email: input.email } : {}),
        metadata: { userId: input.userId },
      });
      return customer.id;
    },

    async getMandate(customerId, mandateId) {
      try {
        const mandate = await client.customerMandates.get(mandateId, { customerId });
        return {
          id: mandate.id,
          status: mandate.status as 'valid' | 'pending' | 'invalid',
          method: mandate.method,
        };
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw err;
      }
    },

    async createDirectDebitMandate(input) {
      const mandate = await client.customerMandates.create({
        customerId: input.customerId,
        method: 'directdebit' as MandateMethod.directdebit,
        consumerName: input.consumerName,
        consumerAccount: input.iban,
        signatureDate: input.signatureDate,
        mandateReference: input.reference,
      });
      return {
        id: mandate.id,
        status: mandate.status as 'valid' | 'pending' | 'invalid',
        method: 'directdebit',
      };
    },

    async chargeMandate(input) {
      const payment = await client.payments.create({
        amount: toMollieAmount(input.amount),
        description: input.description,
        webhookUrl: input.webhookUrl,
        customerId: input.customerId,
        mandateId: input.mandateId,
        sequenceType: 'recurring' as SequenceType,
        metadata: { orderId: input.orderId },
        idempotencyKey: input.idempotencyKey,
      });
      return toPayment(payment);
    },

    async findCharge(input) {
      // The customer's newest payments (Mollie lists newest first); a charge we lost track of is recent.
      const page = await client.customerPayments.page({ customerId: input.customerId, limit: 250 });
      const found = page.find((p) => (p.metadata as { orderId?: number } | null)?.orderId === input.orderId);
      return found ? toPayment(found) : null;
    },
  };
}

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TEST_OUTCOMES, type TestOutcome } from '@dating/shared/contract/payments';
import type { Db } from '../../../db/client';
import { first } from '../../../db/sql';
import {
  mandateKind,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderStatus,
  type SequenceType,
} from './types';

// What the hosted test checkout page lets the payer choose (the outcomes of a real PSP): the contract's list.
export { TEST_OUTCOMES, type TestOutcome };

/** Methods whose paid first payment leaves a mandate at the test provider (as cards and iDEAL do at Mollie). */
const MANDATE_METHODS = new Set(['creditcard', 'ideal', 'bancontact', 'sofort']);

interface Row {
  id: string;
  amount: number;
  currency: string;
  method: string | null;
  status: ProviderStatus;
  redirect_url: string | null;
  webhook_url: string | null;
  sequence_type: SequenceType;
  customer_id: string | null;
  mandate_id: string | null;
  metadata: { orderId?: number };
  amount_refunded: number;
  amount_charged_back: number;
  created_at: string | Date;
}

export interface TestProviderOptions {
  /** An open payment nobody finishes expires after this (Mollie: about 15 minutes for most methods). */
  expireAfterMs?: number;
  /** Calls our webhook the way a PSP does (POST `id=<payment id>`); the app passes one that reaches itself. */
  notify?: (webhookUrl: string, paymentId: string) => Promise<void>;
  /** "Paid, webhook late": the webhook comes this long after the payment (default 2 minutes). */
  lateWebhookMs?: number;
}

/** What a timeout looks like to the caller: no answer, so no status code (the charge may have been taken). */
export class TestProviderTimeout extends Error {
  constructor() {
    super('test provider: no answer in time (the charge was accepted)');
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/**
 * The embedded default provider (docs/product/architecture.md): a hosted checkout page on our own server (`/pay/test/:id`)
 * and a store of its own. It behaves like a PSP: our server learns a status only by asking `getPayment`.
 * Recurring charges (repeat orders, direct debit) are collected at once, unless the mandate declines charges.
 */
export function createTestProvider(db: Db, options: TestProviderOptions = {}) {
  const expireAfterMs = options.expireAfterMs ?? 15 * 60_000;
  const lateWebhookMs = options.lateWebhookMs ?? 120_000;

  function toPayment(r: Row): ProviderPayment {
    return {
      id: r.id,
      status: r.status,
      amount: { amount: r.amount, currency: r.currency },
      checkoutUrl: r.sequence_type === 'recurring' ? null : `/pay/test/${r.id}`,
      method: r.method,
      sequenceType: r.sequence_type,
      customerId: r.customer_id,
      mandateId: r.mandate_id,
      orderId: r.metadata?.orderId ?? null,
      amountRefunded: r.amount_refunded,
      amountChargedBack: r.amount_charged_back,
    };
  }

  async function load(paymentId: string): Promise<Row | undefined> {
    return first<Row>(db, sql`SELECT * FROM test_provider_payments WHERE id = ${paymentId}`);
  }

  const provider: PaymentProvider & {
    /** The payer's choice on the hosted page; returns where to send the payer next. */
    complete(paymentId: string, outcome: TestOutcome): Promise<{ redirectUrl: string | null } | null>;
    /**
     * The bank takes the money back (chargeback), as a PSP reports it: a webhook with the id, unless
     * `webhook: false` (the webhook is lost; the reconciliation job finds the chargeback).
     */
    chargeback(paymentId: string, opts?: { webhook?: boolean }): Promise<void>;
    /** A full refund made at the provider itself (its dashboard), not through our refund command. */
    refundAtProvider(paymentId: string, opts?: { webhook?: boolean }): Promise<void>;
    describe(paymentId: string): Promise<(ProviderPayment & { description: string }) | null>;
  } = {
    name: 'test',

    async createPayment(input) {
      const row = await first<Row>(
        db,
        sql`INSERT INTO test_provider_payments
              (id, amount, currency, description, method, redirect_url, webhook_url, sequence_type, customer_id,
               metadata)
            VALUES (${id('tst')}, ${input.amount.amount}, ${input.amount.currency}, ${input.description},
                    ${input.method}, ${input.redirectUrl}, ${input.webhookUrl}, ${input.sequenceType},
                    ${input.customerId ?? null}, ${JSON.stringify({ orderId: input.orderId })}::jsonb)
            RETURNING *`,
      );
      return toPayment(row!);
    },

    async getPayment(paymentId) {
      const row = await load(paymentId);
      if (!row) return null;
      if (row.status === 'open' && Date.now() - new Date(row.created_at).getTime() > expireAfterMs) {
        const expired = await first<Row>(
          db,
          sql`UPDATE test_provider_payments SET status = 'expired' WHERE id = ${paymentId} AND status = 'open'
              RETURNING *`,
        );
        return toPayment(expired ?? (await load(paymentId))!);
      }
      return toPayment(row);
    },

    async refund(paymentId, amount, _description, idempotencyKey) {
      // One refund per key (a repeated request answers the first refund), as Mollie's Idempotency-Key.
      return db.transaction(async (tx) => {
        const known = await first<{ id: string }>(
          tx,
          sql`SELECT id FROM test_provider_refunds WHERE idempotency_key = ${idempotencyKey}`,
        );
        if (known) return { id: known.id, status: 'refunded' };
        const row = await first<{ id: string }>(
          tx,
          sql`UPDATE test_provider_payments SET amount_refunded = amount_refunded + ${amount.amount}
              WHERE id = ${paymentId} AND status = 'paid' AND amount_refunded + ${amount.amount} <= amount
              RETURNING id`,
        );
        if (!row)
          throw Object.assign(new Error(`test provider: payment ${paymentId} cannot be refunded`), {
            statusCode: 422,
          });
        const refundId = id('re');
        await tx.execute(
          sql`INSERT INTO test_provider_refunds (id, payment_id, idempotency_key, amount)
              VALUES (${refundId}, ${paymentId}, ${idempotencyKey}, ${amount.amount})`,
        );
        return { id: refundId, status: 'refunded' };
      });
    },

    async createCustomer(input) {
      const customer = id('cst');
      await db.execute(
        sql`INSERT INTO test_provider_customers (id, name, email) VALUES (${customer}, ${input.name}, ${input.email})`,
      );
      return customer;
    },

    async getMandate(customerId, mandateId) {
      const row = await first<{ id: string; status: 'valid' | 'pending' | 'invalid'; method: string }>(
        db,
        sql`SELECT id, status, method FROM test_provider_mandates WHERE id = ${mandateId} AND customer_id = ${customerId}`,
      );
      return row ?? null;
    },

    async createDirectDebitMandate(input) {
      const mandate = id('mdt');
      await db.execute(
        sql`INSERT INTO test_provider_mandates (id, customer_id, method, consumer_name, consumer_account)
            VALUES (${mandate}, ${input.customerId}, 'directdebit', ${input.consumerName}, ${input.iban})`,
      );
      return { id: mandate, status: 'valid', method: 'directdebit' };
    },

    async chargeMandate(input) {
      // The same idempotency key answers the charge already made (Mollie's Idempotency-Key).
      const replay = await first<Row>(
        db,
        sql`SELECT * FROM test_provider_payments WHERE idempotency_key = ${input.idempotencyKey}`,
      );
      if (replay) return toPayment(replay);
      const mandate = await first<{ decline_charges: boolean; timeout_charges: boolean; method: string }>(
        db,
        sql`SELECT decline_charges, timeout_charges, method FROM test_provider_mandates
            WHERE id = ${input.mandateId} AND customer_id = ${input.customerId} AND status = 'valid'`,
      );
      if (!mandate) {
        throw Object.assign(new Error(`test provider: no valid mandate ${input.mandateId}`), {
          statusCode: 422,
        });
      }
      // A card charge is decided at once; a direct debit is collected "later" (the next status fetch).
      const status: ProviderStatus = mandate.decline_charges ? 'failed' : 'pending';
      const row = await first<Row>(
        db,
        sql`INSERT INTO test_provider_payments
              (id, amount, currency, description, method, status, webhook_url, sequence_type, customer_id,
               mandate_id, metadata, paid_at, idempotency_key)
            VALUES (${id('tst')}, ${input.amount.amount}, ${input.amount.currency}, ${input.description},
                    ${mandate.method === 'directdebit' ? 'sdd' : mandate.method}, ${status}, ${input.webhookUrl},
                    'recurring', ${input.customerId}, ${input.mandateId},
                    ${JSON.stringify({ orderId: input.orderId })}::jsonb, NULL, ${input.idempotencyKey})
            ON CONFLICT (idempotency_key) DO NOTHING
            RETURNING *`,
      );
      if (!row) {
        // The same key at the same moment: the other request made the charge.
        return toPayment(
          (await first<Row>(
            db,
            sql`SELECT * FROM test_provider_payments WHERE idempotency_key = ${input.idempotencyKey}`,
          ))!,
        );
      }
      // Collected: the next fetch sees it paid (a real PSP takes seconds for cards, days for SEPA).
      if (status === 'pending') {
        await db.execute(
          sql`UPDATE test_provider_payments SET status = 'paid', paid_at = now() WHERE id = ${row!.id}`,
        );
      }
      // "Times out after accepting": the charge is made and collected, the caller hears nothing.
      if (mandate.timeout_charges) throw new TestProviderTimeout();
      return toPayment(row);
    },

    async findCharge(input) {
      const row = await first<Row>(
        db,
        sql`SELECT * FROM test_provider_payments
            WHERE idempotency_key = ${input.idempotencyKey}
               OR (customer_id = ${input.customerId} AND metadata->>'orderId' = ${String(input.orderId)})
            ORDER BY created_at DESC LIMIT 1`,
      );
      return row ? toPayment(row) : null;
    },

    async complete(paymentId, outcome) {
      const row = await load(paymentId);
      if (!row || row.sequence_type === 'recurring') return null;
      if (row.status !== 'open' && row.status !== 'pending') return { redirectUrl: row.redirect_url };
      const paid = outcome.startsWith('paid');
      let mandate: string | null = null;
      if (paid && row.sequence_type === 'first' && row.customer_id && MANDATE_METHODS.has(row.method ?? '')) {
        mandate = id('mdt');
        await db.execute(
          sql`INSERT INTO test_provider_mandates (id, customer_id, method, decline_charges, timeout_charges)
              VALUES (${mandate}, ${row.customer_id}, ${mandateKind(row.method)}, ${outcome === 'paid_decline_later'},
                      ${outcome === 'paid_timeout_later'})`,
        );
      }
      const status: ProviderStatus = paid
        ? 'paid'
        : outcome === 'open'
          ? 'pending'
          : (outcome as Extract<ProviderStatus, 'failed' | 'canceled' | 'expired'>);
      await db.execute(
        sql`UPDATE test_provider_payments
            SET status = ${status}, mandate_id = ${mandate}, paid_at = CASE WHEN ${paid} THEN now() END
            WHERE id = ${paymentId} AND status IN ('open', 'pending')`,
      );
      const notify = options.notify;
      if (row.webhook_url && notify) {
        const url = row.webhook_url;
        // Rehearsals: the webhook never comes (reconciliation must find the payment), or comes late.
        if (outcome === 'paid_webhook_late') {
          setTimeout(() => void notify(url, paymentId).catch(() => undefined), lateWebhookMs).unref();
        } else if (outcome !== 'paid_webhook_lost') {
          await notify(url, paymentId);
        }
      }
      return { redirectUrl: row.redirect_url };
    },

    async chargeback(paymentId, opts = {}) {
      const row = await first<Row>(
        db,
        sql`UPDATE test_provider_payments SET amount_charged_back = amount
            WHERE id = ${paymentId} AND status = 'paid' AND amount_charged_back = 0 RETURNING *`,
      );
      if (row?.webhook_url && options.notify && opts.webhook !== false)
        await options.notify(row.webhook_url, paymentId);
    },

    async refundAtProvider(paymentId, opts = {}) {
      const row = await first<Row>(
        db,
        sql`UPDATE test_provider_payments SET amount_refunded = amount
            WHERE id = ${paymentId} AND status = 'paid' AND amount_refunded = 0 AND amount_charged_back = 0
            RETURNING *`,
      );
      if (row?.webhook_url && options.notify && opts.webhook !== false)
        await options.notify(row.webhook_url, paymentId);
    },

    async describe(paymentId) {
      const row = await first<Row & { description: string }>(
        db,
        sql`SELECT * FROM test_provider_payments WHERE id = ${paymentId}`,
      );
      return row ? { ...toPayment(row), description: row.description } : null;
    },
  };
  return provider;
}
export type TestProvider = ReturnType<typeof createTestProvider>;

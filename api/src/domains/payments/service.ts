import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { first } from '../../db/sql';
import type { LiveHub } from '../../lib/live';
import type { PaymentsConfig } from './config';
import type { CreditsService } from './credits';
import { createDirectDebitService } from './direct-debit';
import { createDiscountsService } from './discounts';
import { createOrdersService } from './orders';
import { createMollieProvider } from './providers/mollie';
import { createTestProvider, type TestProviderOptions } from './providers/test-provider';
import type { PaymentProvider } from './providers/types';
import { createSmsService } from './sms';

/** Unread messages and new likes for the live `counters` event, read where the chat and likes triggers keep them. */
async function counters(db: Db, userId: number) {
  const row = await first<{ unread_messages: number; new_likes: number }>(
    db,
    sql`SELECT
          (SELECT COALESCE(sum(CASE WHEN user_a = ${userId} THEN unread_a ELSE unread_b END), 0)::int
             FROM conversations
            WHERE (user_a = ${userId} AND NOT deleted_by_a) OR (user_b = ${userId} AND NOT deleted_by_b)) AS unread_messages,
          (SELECT count(*)::int FROM likes WHERE liked_id = ${userId} AND like_new) AS new_likes`,
  );
  return row ?? { unread_messages: 0, new_likes: 0 };
}

/**
 * The payments domain's services: the configured provider (the built-in test provider by default, Mollie
 * with MOLLIE_API_KEY), orders, discounts, SMS and direct debit.
 */
export function createPaymentsService(deps: {
  db: Db;
  credits: CreditsService;
  live?: LiveHub;
  log: FastifyBaseLogger;
  config: PaymentsConfig;
}) {
  const { db, config, log } = deps;
  // The test provider's webhook caller is set by the routes plugin, which can reach this very server.
  const testOptions: TestProviderOptions = {};
  const testProvider = createTestProvider(db, testOptions);
  let provider: PaymentProvider | null = null;
  if (config.provider === 'test') provider = testProvider;
  else if (config.provider === 'mollie' && config.mollieApiKey) {
    provider = createMollieProvider({ apiKey: config.mollieApiKey, apiUrl: config.mollieApiUrl });
  }
  const discounts = createDiscountsService(db);
  const orders = createOrdersService({
    db,
    credits: deps.credits,
    discounts,
    live: deps.live,
    log,
    config,
    provider,
    counters: (userId) => counters(db, userId),
  });
  const sms = createSmsService(db, { url: config.smsUrl, log });
  const directDebit = createDirectDebitService({ db, config, sms, orders, discounts, provider });
  return {
    provider,
    /** The built-in provider's own store and hosted page (only routed when it is the configured provider). */
    testProvider,
    orders,
    discounts,
    sms,
    directDebit,
    setWebhookNotifier(notify: NonNullable<TestProviderOptions['notify']>) {
      testOptions.notify = notify;
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;

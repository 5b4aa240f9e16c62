/**
 * Refunds for operators: `npm run refund -w @dating/api -- <order id> [--force]`
 *
 * Refunds a completed order through the provider that took the payment, within the site's `refund_days` of its
 * completion (`--force` past that), then takes the purchased credits back in the ledger (never below zero; what
 * was already spent is recorded on the order as `refund_shortfall`). Same database and provider configuration as
 * the server (DATABASE_URL or the PGlite files in $DATA_DIR/db; with PGlite, stop the server first).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { first } from '../../db/sql';
import { commandConfig, runCommand, withDatabase } from '../../lib/cli';
import { ApiError } from '../../lib/errors';
import { paymentsConfig } from './config';
import { createCreditsService } from './credits';
import { createPaymentsService } from './service';

/** Warnings and errors to stderr; the command's own output is its result lines. */
const log = {
  level: 'warn',
  fatal: console.error,
  error: console.error,
  warn: console.warn,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => log,
} as unknown as FastifyBaseLogger;

const USAGE = 'usage: refund <order id> [--force]';

/** The operator's reading of a refusal. */
function commandMessage(err: unknown, refundDays: number): string {
  if (!(err instanceof ApiError)) return (err as Error).message;
  switch (err.code) {
    case 'refund_in_progress':
      return 'already refunded (or a refund is in progress): not sent again';
    case 'refund_unavailable':
      return 'not refundable: no completed payment (already refunded or charged back?)';
    case 'refund_window':
      return `older than ${refundDays} days (refund_days); --force to refund anyway`;
    case 'payments_unavailable':
      return 'paid with another provider than the one configured';
    default:
      return `the provider did not confirm the refund (${err.code}); run the command again to retry with the same key`;
  }
}
const DEFAULT_REFUND_DAYS = 14;

export async function refund(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out = console,
): Promise<number> {
  const force = argv.includes('--force');
  const ids = argv.filter((a) => a !== '--force').map(Number);
  if (ids.length !== 1 || !Number.isInteger(ids[0]) || ids[0]! <= 0) {
    out.error(USAGE);
    return 2;
  }
  const orderId = ids[0]!;
  const config = commandConfig(env);
  return withDatabase(config, async (database) => {
    const payments = createPaymentsService({
      db: database.db,
      credits: createCreditsService(database.db),
      log,
      config: paymentsConfig(config),
    });
    const site = await first<{ refund_days: string | null }>(
      database.db,
      sql`SELECT s.settings->>'refund_days' AS refund_days FROM orders o JOIN sites s ON s.id = o.site_id
          WHERE o.id = ${orderId}`,
    );
    const refundDays = Number(site?.refund_days ?? DEFAULT_REFUND_DAYS) || DEFAULT_REFUND_DAYS;
    // The command's audit row (staff_audit, actor "refund command") commits with the refund's state change.
    try {
      const result = await payments.orders.refund(orderId, {
        refundDays,
        force,
        requestedBy: 'command',
        audit: { actor: { id: null, name: 'refund command', ip: null }, details: { force } },
      });
      out.log(`${orderId}: refunded; ${result.taken} credits taken back, ${result.shortfall} already spent`);
      return 0;
    } catch (err) {
      out.error(`${orderId}: ${commandMessage(err, refundDays)}`);
      return 1;
    }
  });
}

runCommand(module, /refund\.[tj]s$/, refund);

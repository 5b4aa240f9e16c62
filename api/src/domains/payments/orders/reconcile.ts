import { sql } from 'drizzle-orm';
import { rows } from '../../../db/sql';
import type { PaymentsDeps } from './common';
import { recover } from './mandate-charges';
import { settle } from './settle';

/** SEPA direct debit: an unauthorised debit can be returned up to 13 months after it was collected. */
const SEPA_REVERSAL_MONTHS = 13;

type Claimed = { id: number; provider_id: string | null };

/** Open payments due for a check, their next check pushed back (exponential, at most an hour). */
function claimDue(deps: PaymentsDeps, limit: number): Promise<Claimed[]> {
  return deps.db.transaction((tx) =>
    rows<Claimed>(
      tx,
      sql`UPDATE payments SET checks = checks + 1,
                 next_check_at = now() + make_interval(secs => LEAST(3600, 15 * power(2, LEAST(checks, 8))))
          WHERE id IN (SELECT id FROM payments WHERE status = 'pending' AND next_check_at <= now()
                       ORDER BY next_check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id, provider_id`,
    ),
  );
}

/**
 * Completed payments of the last `reversalDays` (13 months for SEPA direct debit, whose unauthorised-payment
 * returns come that late): refunds and chargebacks made at the provider, whose webhook may have been lost,
 * are found here (each payment every `reversalCheckSeconds`).
 */
function claimReversals(deps: PaymentsDeps, limit: number): Promise<Claimed[]> {
  const { config } = deps;
  return deps.db.transaction((tx) =>
    rows<Claimed>(
      tx,
      sql`UPDATE payments SET checks = checks + 1,
                 next_check_at = now() + make_interval(secs => ${config.reversalCheckSeconds})
          WHERE id IN (SELECT p.id FROM payments p JOIN orders o ON o.id = p.order_id
                       WHERE p.status = 'completed' AND p.next_check_at <= now() AND o.status = 'completed'
                         AND o.completed_at > now() - CASE WHEN p.method = 'sdd' OR o.payment_method = 'sdd'
                                                           THEN make_interval(months => ${SEPA_REVERSAL_MONTHS})
                                                           ELSE make_interval(days => ${config.reversalDays}) END
                       ORDER BY p.next_check_at LIMIT ${limit} FOR UPDATE OF p SKIP LOCKED)
          RETURNING id, provider_id`,
    ),
  );
}

/**
 * The reconciliation job: claims due open payments (SKIP LOCKED, so nodes never take the same ones),
 * pushes their next check back (exponential, at most an hour), then asks the provider about each.
 */
export async function reconcile(deps: PaymentsDeps, limit = 20): Promise<number> {
  if (!deps.provider) return 0;
  // An order whose payment was never created (the provider failed or the process died in between) has
  // nothing to wait for: after an hour it is failed, so it does not stay "pending" in the member's list.
  await deps.db.execute(
    sql`UPDATE orders SET status = 'failed', updated_at = now()
        WHERE status = 'pending' AND created_at < now() - interval '1 hour'
          AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id)`,
  );
  const due = await claimDue(deps, limit);
  const reversals = await claimReversals(deps, limit);
  for (const { id, provider_id } of [...due, ...reversals]) {
    // A charge recorded without the provider's answer is looked up by its key and order id.
    await (provider_id ? settle(deps, provider_id) : recover(deps, id)).catch((err: unknown) =>
      deps.log.warn({ err, provider_id, id }, 'reconcile failed'),
    );
  }
  return due.length + reversals.length;
}

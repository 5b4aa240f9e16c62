import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/sql';

export interface CreditPackageRow {
  id: number;
  credits: number;
  amount: number;
  currency: string;
  tier: number;
  popular: boolean;
}

/**
 * The one credit-package query: a site's active packages (its own and the shared ones), either the one with this
 * id or a currency's, in tier order. Shop, orders, repeat orders and direct debit all read packages through it.
 */
export function findCreditPackages(
  q: Db | Tx,
  siteId: number,
  where: { id: number } | { currency: string },
): Promise<CreditPackageRow[]> {
  const filter = 'id' in where ? sql`id = ${where.id}` : sql`currency = ${where.currency}`;
  return rows<CreditPackageRow>(
    q,
    sql`SELECT id, credits, amount, currency, tier, popular FROM credit_packages
        WHERE active AND ${filter} AND (site_id IS NULL OR site_id = ${siteId})
        ORDER BY tier`,
  );
}

/** The site's active package with this id, if any. */
export async function findCreditPackage(
  q: Db | Tx,
  siteId: number,
  id: number,
): Promise<CreditPackageRow | undefined> {
  return (await findCreditPackages(q, siteId, { id }))[0];
}

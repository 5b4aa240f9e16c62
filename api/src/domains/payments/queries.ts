// Reads of the payments' tables for other domains (the back office's member page and refunds): the queries are
// this domain's, so the shape of the ledger and the orders stays its own; other domains take the rows through
// payments' index.ts.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { first, rows } from '../../db/sql';
import type { GrantLedgerRow } from './credits';

/** A member's ledger, newest first (at most `limit` rows). */
export function ledgerOf(db: Db | Tx, userId: number, limit = 200): Promise<GrantLedgerRow[]> {
  return rows<GrantLedgerRow>(
    db,
    sql`SELECT id, amount, kind, ref, staff_name, note, created_at FROM credit_ledger WHERE user_id = ${userId}
        ORDER BY id DESC LIMIT ${limit}`,
  );
}

/** An order as the back office shows it: the provider of its completed payment, and the site it was bought on. */
export interface OrderSummaryRow {
  id: number;
  /** The order's site, else the member's. */
  site_id: number;
  status: string;
  credits: number;
  amount: number;
  currency: string;
  payment_method: string | null;
  provider: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  refunded_at: Date | string | null;
}

const ORDER_SQL = sql`SELECT o.id, coalesce(o.site_id, u.site_id) AS site_id, o.status, o.credits, o.amount,
    o.currency, o.payment_method,
    (SELECT p.provider FROM payments p WHERE p.order_id = o.id AND p.status = 'completed' LIMIT 1) AS provider,
    o.created_at, o.completed_at, o.refunded_at
  FROM orders o JOIN users u ON u.id = o.user_id`;

/** A member's orders, newest first (at most `limit`). */
export function ordersOf(db: Db | Tx, userId: number, limit = 100): Promise<OrderSummaryRow[]> {
  return rows<OrderSummaryRow>(
    db,
    sql`${ORDER_SQL} WHERE o.user_id = ${userId} ORDER BY o.id DESC LIMIT ${limit}`,
  );
}

/** One order, or undefined. */
export function orderSummary(db: Db | Tx, orderId: number): Promise<OrderSummaryRow | undefined> {
  return first<OrderSummaryRow>(db, sql`${ORDER_SQL} WHERE o.id = ${orderId}`);
}

/**
 * A site's purchases since `since`: members' first purchases (a member's first completed order, refunded or charged
 * back later included) and the revenue of the orders completed, per currency.
 */
export async function purchasesSince(
  db: Db | Tx,
  siteId: number,
  since: Date | string,
): Promise<{ firstPurchases: number; revenue: { amount: number; currency: string }[] }> {
  const at = new Date(since).toISOString();
  const first_ = await first<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id
        WHERE u.site_id = ${siteId} AND o.status IN ('completed', 'refunded', 'charged_back')
          AND o.completed_at >= ${at}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM orders e WHERE e.user_id = o.user_id AND e.id <> o.id
            AND e.completed_at IS NOT NULL AND e.completed_at < o.completed_at)`,
  );
  const revenue = await rows<{ currency: string; amount: string | number }>(
    db,
    sql`SELECT o.currency, sum(o.amount) AS amount FROM orders o JOIN users u ON u.id = o.user_id
        WHERE u.site_id = ${siteId} AND o.status = 'completed' AND o.completed_at >= ${at}::timestamptz
        GROUP BY o.currency ORDER BY o.currency`,
  );
  return {
    firstPurchases: Number(first_?.n ?? 0),
    revenue: revenue.map((r) => ({ amount: Number(r.amount), currency: r.currency })),
  };
}

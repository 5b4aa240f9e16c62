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

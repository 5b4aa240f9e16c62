// Counts of the audit log for other domains (staff's sign-in alerts and dashboard): the queries are this domain's,
// so the shape of `staff_audit` stays its own.
import { sql } from 'drizzle-orm';
import type { StaffAuditAction } from '@dating/shared/contract/staff';
import type { Db, Tx } from '../../db/client';
import { first, rows } from '../../db/sql';

const ofActions = (actions: readonly StaffAuditAction[]) =>
  sql`action = ANY(${`{${actions.join(',')}}`}::text[])`;

/** Rows of these actions written in the last hour. */
export async function actionsInLastHour(db: Db | Tx, actions: readonly StaffAuditAction[]): Promise<number> {
  const row = await first<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM staff_audit WHERE ${ofActions(actions)} AND created_at > now() - interval '1 hour'`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Rows of these actions in the last hour and the last day, how many of the day's name the reason `rate_limited`,
 * and the day's `limit` addresses with the most of them.
 */
export async function actionsInLastDay(
  db: Db | Tx,
  actions: readonly StaffAuditAction[],
  limit = 5,
): Promise<{ hour: number; day: number; rateLimited: number; addresses: { ip: string; count: number }[] }> {
  const row = await first<{ hour: string | number; day: string | number; limited: string | number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE created_at > now() - interval '1 hour') AS hour, count(*) AS day,
               count(*) FILTER (WHERE after->>'reason' = 'rate_limited') AS limited
        FROM staff_audit WHERE ${ofActions(actions)} AND created_at > now() - interval '1 day'`,
  );
  const addresses = await rows<{ ip: string; n: string | number }>(
    db,
    sql`SELECT ip, count(*) AS n FROM staff_audit
        WHERE ${ofActions(actions)} AND created_at > now() - interval '1 day' AND ip IS NOT NULL
        GROUP BY ip ORDER BY count(*) DESC, ip LIMIT ${limit}`,
  );
  return {
    hour: Number(row?.hour ?? 0),
    day: Number(row?.day ?? 0),
    rateLimited: Number(row?.limited ?? 0),
    addresses: addresses.map((a) => ({ ip: a.ip, count: Number(a.n) })),
  };
}

// Reads of the reports for other domains (the back office's desk): the queries are this domain's, so the shape of
// `reports` stays its own; other domains take the rows through likes' index.ts.
import { sql } from 'drizzle-orm';
import type { StaffReport } from '@dating/shared/contract/staff';
import type { Db, Tx } from '../../db/client';
import { first, rows } from '../../db/sql';
import type { CaseState } from './reports';

const REPORT_SQL = sql`SELECT r.id, r.site_id, r.reporter_id, rp.name AS reporter_name, ru.email AS reporter_email,
      r.reported_id, dp.name AS reported_name, coalesce(du.fictional, false) AS reported_fictional,
      r.conversation_id, r.reason, r.text, r.state, r.created_at, r.updated_at
    FROM reports r
    LEFT JOIN users ru ON ru.id = r.reporter_id LEFT JOIN profiles rp ON rp.user_id = r.reporter_id
    LEFT JOIN users du ON du.id = r.reported_id LEFT JOIN profiles dp ON dp.user_id = r.reported_id`;

/** A report with the names (and the reporter's address) of the two members. */
export interface ReportRow {
  id: number;
  site_id: number;
  reporter_id: number | null;
  reporter_name: string | null;
  reporter_email: string | null;
  reported_id: number | null;
  reported_name: string | null;
  reported_fictional: boolean;
  conversation_id: number | null;
  reason: StaffReport['reason'];
  text: string | null;
  state: CaseState;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Newest first, `limit` rows below the id `before` (a page cursor), by state and site when given. */
export function reportRows(
  db: Db | Tx,
  q: { state?: CaseState; site?: number; before: number | null; limit: number },
): Promise<ReportRow[]> {
  return rows<ReportRow>(
    db,
    sql`${REPORT_SQL} WHERE (${q.state ?? null}::text IS NULL OR r.state = ${q.state ?? null})
          AND (${q.site ?? null}::int IS NULL OR r.site_id = ${q.site ?? null})
          AND (${q.before}::int IS NULL OR r.id < ${q.before})
        ORDER BY r.id DESC LIMIT ${q.limit}`,
  );
}

/** Reports about the member and by the member, newest first (at most 100). */
export function reportRowsOf(db: Db | Tx, userId: number): Promise<ReportRow[]> {
  return rows<ReportRow>(
    db,
    sql`${REPORT_SQL} WHERE r.reported_id = ${userId} OR r.reporter_id = ${userId} ORDER BY r.id DESC LIMIT 100`,
  );
}

export function reportRow(db: Db | Tx, id: number): Promise<ReportRow | undefined> {
  return first<ReportRow>(db, sql`${REPORT_SQL} WHERE r.id = ${id}`);
}

/** Whom an answer to the report goes to: the reporter's address, language and name. */
export function reportRecipient(
  db: Db | Tx,
  id: number,
): Promise<{ email: string | null; language: string | null; name: string | null } | undefined> {
  return first(
    db,
    sql`SELECT u.email, u.language, p.name FROM reports r JOIN users u ON u.id = r.reporter_id
        LEFT JOIN profiles p ON p.user_id = u.id WHERE r.id = ${id}`,
  );
}

/** A site's reports not done yet. */
export async function openReports(db: Db | Tx, siteId: number): Promise<number> {
  const row = await first<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM reports WHERE site_id = ${siteId} AND state <> 'done'`,
  );
  return Number(row?.n ?? 0);
}

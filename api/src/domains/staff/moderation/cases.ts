// The reports and complaints desk: cases as staff read them, newest first, with staff's replies.
import { sql } from 'drizzle-orm';
import type {
  CaseState,
  StaffCaseQuery,
  StaffComplaint,
  StaffComplaintsResponse,
  StaffReport,
  StaffReportsResponse,
} from '@dating/shared/contract/staff';
import { rows } from '../../../db/sql';
import { cursorOf, iso, PAGE, repliesOf, siteRef, type ModerationDeps } from './common';

export const REPORT_SQL = sql`SELECT r.id, r.site_id, r.reporter_id, rp.name AS reporter_name, ru.email AS reporter_email,
      r.reported_id, dp.name AS reported_name, coalesce(du.fictional, false) AS reported_fictional,
      r.conversation_id, r.reason, r.text, r.state, r.created_at, r.updated_at
    FROM reports r
    LEFT JOIN users ru ON ru.id = r.reporter_id LEFT JOIN profiles rp ON rp.user_id = r.reporter_id
    LEFT JOIN users du ON du.id = r.reported_id LEFT JOIN profiles dp ON dp.user_id = r.reported_id`;
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

export const COMPLAINT_SQL = sql`SELECT c.id, c.site_id, c.user_id, p.name AS member_name, c.name, c.email, c.subject,
      c.message, c.state, u.language, c.created_at, c.updated_at
    FROM complaints c LEFT JOIN users u ON u.id = c.user_id LEFT JOIN profiles p ON p.user_id = c.user_id`;
export interface ComplaintRow {
  id: number;
  site_id: number;
  user_id: number | null;
  member_name: string | null;
  name: string | null;
  email: string;
  subject: string | null;
  message: string;
  state: CaseState;
  language: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function toReports(deps: ModerationDeps, found: ReportRow[]): Promise<StaffReport[]> {
  const replies = await repliesOf(
    deps.db,
    'report',
    found.map((r) => r.id),
  );
  return Promise.all(
    found.map(async (r) => ({
      id: r.id,
      site: await siteRef(deps, r.site_id),
      reporter:
        r.reporter_id === null
          ? null
          : { id: r.reporter_id, name: r.reporter_name ?? '', email: r.reporter_email },
      reported:
        r.reported_id === null
          ? null
          : { id: r.reported_id, name: r.reported_name ?? '', fictional: r.reported_fictional },
      conversation: r.conversation_id,
      reason: r.reason,
      text: r.text,
      state: r.state,
      replies: replies.get(r.id) ?? [],
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    })),
  );
}

export async function toComplaints(deps: ModerationDeps, found: ComplaintRow[]): Promise<StaffComplaint[]> {
  const replies = await repliesOf(
    deps.db,
    'complaint',
    found.map((r) => r.id),
  );
  return Promise.all(
    found.map(async (c) => ({
      id: c.id,
      site: await siteRef(deps, c.site_id),
      member: c.user_id === null ? null : { id: c.user_id, name: c.member_name ?? '' },
      name: c.name,
      email: c.email,
      subject: c.subject,
      message: c.message,
      state: c.state,
      replies: replies.get(c.id) ?? [],
      created_at: iso(c.created_at),
      updated_at: iso(c.updated_at),
    })),
  );
}

/** One page of rows fetched PAGE + 1 at a time: the page and the cursor of the next one. */
function paged<T extends { id: number }>(found: T[]): { page: T[]; next_cursor: string | null } {
  const more = found.length > PAGE;
  const page = more ? found.slice(0, PAGE) : found;
  return { page, next_cursor: more ? String(page[page.length - 1]!.id) : null };
}

export async function reports(deps: ModerationDeps, q: StaffCaseQuery): Promise<StaffReportsResponse> {
  const cursor = cursorOf(q.cursor);
  const found = await rows<ReportRow>(
    deps.db,
    sql`${REPORT_SQL} WHERE (${q.state ?? null}::text IS NULL OR r.state = ${q.state ?? null})
          AND (${q.site ?? null}::int IS NULL OR r.site_id = ${q.site ?? null})
          AND (${cursor}::int IS NULL OR r.id < ${cursor})
        ORDER BY r.id DESC LIMIT ${PAGE + 1}`,
  );
  const { page, next_cursor } = paged(found);
  return { reports: await toReports(deps, page), next_cursor };
}

/** Reports about the member and by the member (the member's page). */
export async function reportsOf(deps: ModerationDeps, userId: number): Promise<StaffReport[]> {
  const found = await rows<ReportRow>(
    deps.db,
    sql`${REPORT_SQL} WHERE r.reported_id = ${userId} OR r.reporter_id = ${userId} ORDER BY r.id DESC LIMIT 100`,
  );
  return toReports(deps, found);
}

export async function complaints(deps: ModerationDeps, q: StaffCaseQuery): Promise<StaffComplaintsResponse> {
  const cursor = cursorOf(q.cursor);
  const found = await rows<ComplaintRow>(
    deps.db,
    sql`${COMPLAINT_SQL} WHERE (${q.state ?? null}::text IS NULL OR c.state = ${q.state ?? null})
          AND (${q.site ?? null}::int IS NULL OR c.site_id = ${q.site ?? null})
          AND (${cursor}::int IS NULL OR c.id < ${cursor})
        ORDER BY c.id DESC LIMIT ${PAGE + 1}`,
  );
  const { page, next_cursor } = paged(found);
  return { complaints: await toComplaints(deps, page), next_cursor };
}

// The reports and complaints desk: cases as staff read them, newest first, with staff's replies. The rows come from
// their owners' queries (likes' reports, accounts' complaints).
import type {
  StaffCaseQuery,
  StaffComplaint,
  StaffComplaintsResponse,
  StaffReport,
  StaffReportsResponse,
} from '@dating/shared/contract/staff';
import { complaintRows, type ComplaintRow } from '../../accounts';
import { reportRows, reportRowsOf, type ReportRow } from '../../likes';
import { cursorOf, iso, PAGE, repliesOf, siteRef, type ModerationDeps } from './common';

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
  const found = await reportRows(deps.db, { ...q, before: cursor, limit: PAGE + 1 });
  const { page, next_cursor } = paged(found);
  return { reports: await toReports(deps, page), next_cursor };
}

/** Reports about the member and by the member (the member's page). */
export async function reportsOf(deps: ModerationDeps, userId: number): Promise<StaffReport[]> {
  return toReports(deps, await reportRowsOf(deps.db, userId));
}

export async function complaints(deps: ModerationDeps, q: StaffCaseQuery): Promise<StaffComplaintsResponse> {
  const cursor = cursorOf(q.cursor);
  const found = await complaintRows(deps.db, { ...q, before: cursor, limit: PAGE + 1 });
  const { page, next_cursor } = paged(found);
  return { complaints: await toComplaints(deps, page), next_cursor };
}

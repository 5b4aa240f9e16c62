import { sql } from 'drizzle-orm';
import { isLocale, type Locale } from '@dating/shared/contract/index';
import {
  type CaseState,
  type StaffCaseQuery,
  type StaffCaseReply,
  type StaffCaseUpdate,
  type StaffComplaint,
  type StaffComplaintsResponse,
  type StaffPendingPhoto,
  type StaffReport,
  type StaffReportsResponse,
  staffPath,
} from '@dating/shared/contract/staff';
import type { Db } from '../../db/client';
import { first, rows } from '../../db/sql';
import { badInput, notFound } from '../../lib/errors';
import type { MailService } from '../../lib/mail';
import type { PhotosService } from '../accounts';
import type { MembersService } from '../members';
import type { SitesService } from '../sites';

const PAGE = 50;
const iso = (v: Date | string) => new Date(v).toISOString();
const localeOf = (v: string | null | undefined): Locale => (isLocale(v) ? v : 'nl');

export interface ModerationDeps {
  db: Db;
  photos: PhotosService;
  members: MembersService;
  mail: MailService;
  sites: SitesService;
}

/**
 * Photo moderation and the reports/complaints desk. Approving or rejecting goes through the photos service (the
 * same as the `moderate` command) and then clears the members' caches on every node (`members.clearCache`, the
 * bus), so the photo shows, or disappears, at once everywhere.
 */
export function createStaffModeration(deps: ModerationDeps) {
  const { db } = deps;

  async function siteRef(id: number) {
    const s = await deps.sites.byId(id);
    return { id, name: s?.name ?? '', host: s?.host ?? '' };
  }

  async function repliesOf(type: 'report' | 'complaint', ids: number[]) {
    const map = new Map<number, StaffCaseReply[]>();
    if (!ids.length) return map;
    const found = await rows<{ case_id: number; text: string; name: string; created_at: Date | string }>(
      db,
      sql`SELECT r.case_id, r.text, a.name, r.created_at FROM staff_case_replies r
          JOIN staff_accounts a ON a.id = r.staff_id
          WHERE r.case_type = ${type} AND r.case_id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY r.id`,
    );
    for (const r of found) {
      const list = map.get(r.case_id) ?? [];
      list.push({ text: r.text, staff: r.name, sent_at: iso(r.created_at) });
      map.set(r.case_id, list);
    }
    return map;
  }

  const REPORT_SQL = sql`SELECT r.id, r.site_id, r.reporter_id, rp.name AS reporter_name, ru.email AS reporter_email,
        r.reported_id, dp.name AS reported_name, coalesce(du.fictional, false) AS reported_fictional,
        r.conversation_id, r.reason, r.text, r.state, r.created_at, r.updated_at
      FROM reports r
      LEFT JOIN users ru ON ru.id = r.reporter_id LEFT JOIN profiles rp ON rp.user_id = r.reporter_id
      LEFT JOIN users du ON du.id = r.reported_id LEFT JOIN profiles dp ON dp.user_id = r.reported_id`;
  type ReportRow = {
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
  };
  async function toReports(found: ReportRow[]): Promise<StaffReport[]> {
    const replies = await repliesOf(
      'report',
      found.map((r) => r.id),
    );
    return Promise.all(
      found.map(async (r) => ({
        id: r.id,
        site: await siteRef(r.site_id),
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

  type ComplaintRow = {
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
  };
  const COMPLAINT_SQL = sql`SELECT c.id, c.site_id, c.user_id, p.name AS member_name, c.name, c.email, c.subject,
        c.message, c.state, u.language, c.created_at, c.updated_at
      FROM complaints c LEFT JOIN users u ON u.id = c.user_id LEFT JOIN profiles p ON p.user_id = c.user_id`;
  async function toComplaints(found: ComplaintRow[]): Promise<StaffComplaint[]> {
    const replies = await repliesOf(
      'complaint',
      found.map((r) => r.id),
    );
    return Promise.all(
      found.map(async (c) => ({
        id: c.id,
        site: await siteRef(c.site_id),
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

  const cursorOf = (c: string | undefined) => (c && /^\d+$/.test(c) ? Number(c) : null);

  return {
    async pendingPhotos(site: number | undefined): Promise<StaffPendingPhoto[]> {
      const found = await rows<{
        id: number;
        user_id: number;
        name: string;
        email: string | null;
        language: string;
        site_id: number;
        filename: string;
        thumb_filename: string;
        created_at: Date | string;
      }>(
        db,
        sql`SELECT ph.id, ph.user_id, p.name, u.email, u.language, u.site_id, ph.filename, ph.thumb_filename, ph.created_at
            FROM photos ph JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = ph.user_id
            WHERE ph.status = 'inspection' AND (${site ?? null}::int IS NULL OR u.site_id = ${site ?? null})
            ORDER BY ph.created_at, ph.id LIMIT 200`,
      );
      return Promise.all(
        found.map(async (r) => ({
          id: r.id,
          member: { id: r.user_id, name: r.name, email: r.email, locale: localeOf(r.language) },
          site: await siteRef(r.site_id),
          // Not public before approval: through the staff route (ADR 0024).
          url: staffPath('photoFile', r.id),
          thumb_url: `${staffPath('photoFile', r.id)}?size=thumb`,
          uploaded_at: iso(r.created_at),
        })),
      );
    },

    /** Approves a photo under inspection; false when there is none with this id. */
    async approve(photoId: number, by: string) {
      const owner = await first<{ user_id: number }>(
        db,
        sql`SELECT user_id FROM photos WHERE id = ${photoId} AND status = 'inspection'`,
      );
      if (!owner || !(await deps.photos.approve(photoId, `staff:${by}`.slice(0, 100)))) throw notFound();
      deps.members.clearCache();
      return owner;
    },

    /** Rejects a photo under inspection (removed with its files) and mails the member the reason. */
    async reject(photoId: number, reason: string) {
      const text = reason.trim();
      if (!text) throw badInput('reason');
      const owner = await first<{
        user_id: number;
        email: string | null;
        language: string;
        site_id: number;
        name: string;
        domain: string;
      }>(
        db,
        sql`SELECT ph.user_id, u.email, u.language, u.site_id, p.name, s.domain FROM photos ph
            JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = ph.user_id JOIN sites s ON s.id = u.site_id
            WHERE ph.id = ${photoId} AND ph.status = 'inspection'`,
      );
      if (!owner || !(await deps.photos.reject(photoId))) throw notFound();
      deps.members.clearCache();
      if (owner.email) {
        await deps.mail.send({
          to: owner.email,
          template: 'photo_rejected',
          locale: localeOf(owner.language),
          siteId: owner.site_id,
          params: { name: owner.name, reason: text, link: `https://${owner.domain}/settings` },
        });
      }
      return owner;
    },

    async reports(q: StaffCaseQuery): Promise<StaffReportsResponse> {
      const cursor = cursorOf(q.cursor);
      const found = await rows<ReportRow>(
        db,
        sql`${REPORT_SQL} WHERE (${q.state ?? null}::text IS NULL OR r.state = ${q.state ?? null})
              AND (${q.site ?? null}::int IS NULL OR r.site_id = ${q.site ?? null})
              AND (${cursor}::int IS NULL OR r.id < ${cursor})
            ORDER BY r.id DESC LIMIT ${PAGE + 1}`,
      );
      const more = found.length > PAGE;
      const page = more ? found.slice(0, PAGE) : found;
      return { reports: await toReports(page), next_cursor: more ? String(page[page.length - 1]!.id) : null };
    },

    /** Reports about the member and by the member (the member's page). */
    async reportsOf(userId: number): Promise<StaffReport[]> {
      return toReports(
        await rows<ReportRow>(
          db,
          sql`${REPORT_SQL} WHERE r.reported_id = ${userId} OR r.reporter_id = ${userId} ORDER BY r.id DESC LIMIT 100`,
        ),
      );
    },

    async complaints(q: StaffCaseQuery): Promise<StaffComplaintsResponse> {
      const cursor = cursorOf(q.cursor);
      const found = await rows<ComplaintRow>(
        db,
        sql`${COMPLAINT_SQL} WHERE (${q.state ?? null}::text IS NULL OR c.state = ${q.state ?? null})
              AND (${q.site ?? null}::int IS NULL OR c.site_id = ${q.site ?? null})
              AND (${cursor}::int IS NULL OR c.id < ${cursor})
            ORDER BY c.id DESC LIMIT ${PAGE + 1}`,
      );
      const more = found.length > PAGE;
      const page = more ? found.slice(0, PAGE) : found;
      return {
        complaints: await toComplaints(page),
        next_cursor: more ? String(page[page.length - 1]!.id) : null,
      };
    },

    /**
     * A state change and/or a reply mailed to the reporter (report) or to the complainant's address (complaint),
     * in one transaction with the reply's row; returns before and after for the audit.
     */
    async updateCase<T extends 'report' | 'complaint'>(
      type: T,
      id: number,
      input: StaffCaseUpdate,
      staff: { id: number },
    ): Promise<{ before: CaseOf<T>; after: CaseOf<T> }> {
      const reply = input.reply?.trim() || null;
      if (input.state === undefined && !reply) throw badInput('state');
      const load = async () =>
        type === 'report'
          ? (await toReports(await rows<ReportRow>(db, sql`${REPORT_SQL} WHERE r.id = ${id}`)))[0]
          : (await toComplaints(await rows<ComplaintRow>(db, sql`${COMPLAINT_SQL} WHERE c.id = ${id}`)))[0];
      const before = await load();
      if (!before) throw notFound();
      const to = await first<{ email: string | null; language: string | null; name: string | null }>(
        db,
        type === 'report'
          ? sql`SELECT u.email, u.language, p.name FROM reports r JOIN users u ON u.id = r.reporter_id
                LEFT JOIN profiles p ON p.user_id = u.id WHERE r.id = ${id}`
          : sql`SELECT c.email, u.language, coalesce(p.name, c.name) AS name FROM complaints c
                LEFT JOIN users u ON u.id = c.user_id LEFT JOIN profiles p ON p.user_id = c.user_id WHERE c.id = ${id}`,
      );
      if (reply && !to?.email) throw badInput('reply');
      const site = await deps.sites.byId(before.site.id);
      await db.transaction(async (tx) => {
        if (input.state !== undefined) {
          await tx.execute(
            type === 'report'
              ? sql`UPDATE reports SET state = ${input.state}, updated_at = now() WHERE id = ${id}`
              : sql`UPDATE complaints SET state = ${input.state}, updated_at = now() WHERE id = ${id}`,
          );
        }
        if (reply) {
          await tx.execute(
            sql`INSERT INTO staff_case_replies (case_type, case_id, staff_id, text) VALUES (${type}, ${id}, ${staff.id}, ${reply})`,
          );
          const locale = localeOf(to?.language ?? site?.defaultLocale);
          await deps.mail.send(
            {
              to: to!.email!,
              template: 'staff_reply',
              locale,
              siteId: before.site.id,
              params: {
                ...(to?.name ? { name: to.name } : {}),
                subject:
                  type === 'complaint' && 'subject' in before && before.subject ? before.subject : `#${id}`,
                message: reply,
                link: `https://${site?.domain ?? before.site.host}/`,
              },
            },
            { tx },
          );
        }
      });
      if (reply) deps.mail.deliverSoon();
      // `load` reads the table `type` names: a report for 'report', a complaint for 'complaint'.
      return { before, after: (await load())! } as { before: CaseOf<T>; after: CaseOf<T> };
    },
  };
}
/** The case a `type` names. */
type CaseOf<T extends 'report' | 'complaint'> = T extends 'report' ? StaffReport : StaffComplaint;
export type StaffModeration = ReturnType<typeof createStaffModeration>;

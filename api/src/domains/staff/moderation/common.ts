// What the parts of moderation share: dependencies, the site a case or photo belongs to, page cursors and the
// replies staff wrote on cases.
import { sql } from 'drizzle-orm';
import { isLocale, type Locale } from '@dating/shared/contract/index';
import type { StaffCaseReply } from '@dating/shared/contract/staff';
import type { Db } from '../../../db/client';
import { rows } from '../../../db/sql';
import type { MailService } from '../../../lib/mail';
import type { AccountsService, PhotosService } from '../../accounts';
import type { ReportsService } from '../../likes';
import type { MembersService } from '../../members';
import type { SitesService } from '../../sites';

export interface ModerationDeps {
  db: Db;
  photos: PhotosService;
  /** The reports' owner (likes): their state changes there, with the audit row. */
  reports: ReportsService;
  /** The complaints' owner (accounts.complaints): the same. */
  accounts: AccountsService;
  members: MembersService;
  mail: MailService;
  sites: SitesService;
}

export const PAGE = 50;
export const iso = (v: Date | string) => new Date(v).toISOString();
export const localeOf = (v: string | null | undefined): Locale => (isLocale(v) ? v : 'nl');
export const cursorOf = (c: string | undefined) => (c && /^\d+$/.test(c) ? Number(c) : null);

export async function siteRef(deps: ModerationDeps, id: number) {
  const s = await deps.sites.byId(id);
  return { id, name: s?.name ?? '', host: s?.host ?? '' };
}

/** The site's one origin for links in mails to its members (docs/adr/0035-one-origin-per-site.md). */
export async function siteOrigin(deps: ModerationDeps, id: number): Promise<string> {
  const s = await deps.sites.byId(id);
  if (!s) throw new Error(`unknown site ${id}`);
  return s.publicOrigin;
}

/** Staff's replies on these cases, oldest first, by case id. */
export async function repliesOf(
  db: Db,
  type: 'report' | 'complaint',
  ids: number[],
): Promise<Map<number, StaffCaseReply[]>> {
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

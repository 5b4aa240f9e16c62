// Reads of the accounts' tables for other domains (the back office's member pages): the queries are this domain's,
// so the shape of `users` and its joins stays its own; other domains take the rows through accounts' index.ts.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { first, rows } from '../../db/sql';

/** A real member's account as the back office lists it (`users` with the profile's name). */
export interface MemberAccountRow {
  id: number;
  site_id: number;
  email: string | null;
  name: string | null;
  status: 'not_confirmed' | 'confirmed' | 'deleted';
  language: string;
  credits: number;
  paid_user: boolean;
  signup_date: Date | string;
  confirmed_at: Date | string | null;
  last_seen_at: Date | string | null;
  banned_at: Date | string | null;
  ban_reason: string | null;
  banned_by: string | null;
}

const ACCOUNT_SQL = sql`SELECT u.id, u.site_id, u.email, p.name, u.status, u.language, u.credits, u.paid_user,
    u.signup_date, u.confirmed_at, u.last_seen_at, u.banned_at, u.ban_reason, u.banned_by
  FROM users u LEFT JOIN profiles p ON p.user_id = u.id`;

/** A real (not fictional) member's account, or undefined. */
export function memberAccount(db: Db | Tx, id: number): Promise<MemberAccountRow | undefined> {
  return first<MemberAccountRow>(db, sql`${ACCOUNT_SQL} WHERE u.id = ${id} AND NOT u.fictional`);
}

/**
 * Real members whose id is `text`, or whose address or name contains it (case-insensitively), on `site` when
 * given; the exact id first, then the newest. At most 50.
 */
export function searchMemberAccounts(
  db: Db | Tx,
  text: string,
  site: number | undefined,
): Promise<MemberAccountRow[]> {
  const id = /^\d+$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows<MemberAccountRow>(
    db,
    sql`${ACCOUNT_SQL} WHERE NOT u.fictional AND (${site ?? null}::int IS NULL OR u.site_id = ${site ?? null})
          AND (u.id = ${id} OR lower(u.email) LIKE ${like} OR lower(p.name) LIKE ${like})
        ORDER BY (u.id = ${id}) DESC, u.id DESC LIMIT 50`,
  );
}

const COMPLAINT_SQL = sql`SELECT c.id, c.site_id, c.user_id, p.name AS member_name, c.name, c.email, c.subject,
      c.message, c.state, u.language, c.created_at, c.updated_at
    FROM complaints c LEFT JOIN users u ON u.id = c.user_id LEFT JOIN profiles p ON p.user_id = c.user_id`;

/** A complaint sent to support, with the member's name and language when a member sent it. */
export interface ComplaintRow {
  id: number;
  site_id: number;
  user_id: number | null;
  member_name: string | null;
  name: string | null;
  email: string;
  subject: string | null;
  message: string;
  state: 'open' | 'in_progress' | 'done';
  language: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Newest first, `limit` rows below the id `before` (a page cursor), by state and site when given. */
export function complaintRows(
  db: Db | Tx,
  q: { state?: ComplaintRow['state']; site?: number; before: number | null; limit: number },
): Promise<ComplaintRow[]> {
  return rows<ComplaintRow>(
    db,
    sql`${COMPLAINT_SQL} WHERE (${q.state ?? null}::text IS NULL OR c.state = ${q.state ?? null})
          AND (${q.site ?? null}::int IS NULL OR c.site_id = ${q.site ?? null})
          AND (${q.before}::int IS NULL OR c.id < ${q.before})
        ORDER BY c.id DESC LIMIT ${q.limit}`,
  );
}

export function complaintRow(db: Db | Tx, id: number): Promise<ComplaintRow | undefined> {
  return first<ComplaintRow>(db, sql`${COMPLAINT_SQL} WHERE c.id = ${id}`);
}

/** Whom an answer to the complaint goes to: its address, and the member's language and name when a member sent it. */
export function complaintRecipient(
  db: Db | Tx,
  id: number,
): Promise<{ email: string | null; language: string | null; name: string | null } | undefined> {
  return first(
    db,
    sql`SELECT c.email, u.language, coalesce(p.name, c.name) AS name FROM complaints c
        LEFT JOIN users u ON u.id = c.user_id LEFT JOIN profiles p ON p.user_id = c.user_id WHERE c.id = ${id}`,
  );
}

/** A photo under inspection with its owner, as the moderation queue lists it. */
export interface InspectionPhotoRow {
  id: number;
  user_id: number;
  name: string;
  email: string | null;
  language: string;
  site_id: number;
  filename: string;
  thumb_filename: string;
  created_at: Date | string;
}

/** Photos under inspection, oldest first, of members of `site` when given (at most 200). */
export function photosUnderInspection(db: Db | Tx, site: number | undefined): Promise<InspectionPhotoRow[]> {
  return rows<InspectionPhotoRow>(
    db,
    sql`SELECT ph.id, ph.user_id, p.name, u.email, u.language, u.site_id, ph.filename, ph.thumb_filename, ph.created_at
        FROM photos ph JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = ph.user_id
        WHERE ph.status = 'inspection' AND (${site ?? null}::int IS NULL OR u.site_id = ${site ?? null})
        ORDER BY ph.created_at, ph.id LIMIT 200`,
  );
}

/** The owner of a photo under inspection (whom a decision is mailed to), or undefined when there is none. */
export function inspectionPhotoOwner(
  db: Db | Tx,
  photoId: number,
): Promise<
  { user_id: number; email: string | null; language: string; site_id: number; name: string } | undefined
> {
  return first(
    db,
    sql`SELECT ph.user_id, u.email, u.language, u.site_id, p.name FROM photos ph
        JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = ph.user_id
        WHERE ph.id = ${photoId} AND ph.status = 'inspection'`,
  );
}

/** A site's real members who signed up, and who activated, since `since`. */
export async function membersJoined(
  db: Db | Tx,
  siteId: number,
  since: Date | string,
): Promise<{ signups: number; activations: number }> {
  const at = new Date(since).toISOString();
  const row = await first<{ signups: string | number; activations: string | number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE signup_date >= ${at}::timestamptz) AS signups,
               count(*) FILTER (WHERE confirmed_at >= ${at}::timestamptz) AS activations
        FROM users WHERE site_id = ${siteId} AND NOT fictional
          AND (signup_date >= ${at}::timestamptz OR confirmed_at >= ${at}::timestamptz)`,
  );
  return { signups: Number(row?.signups ?? 0), activations: Number(row?.activations ?? 0) };
}

/** What waits for moderation on a site: photos under inspection, complaints not done. */
export async function moderationBacklog(
  db: Db | Tx,
  siteId: number,
): Promise<{ photos: number; complaints: number }> {
  const row = await first<{ photos: string | number; complaints: string | number }>(
    db,
    sql`SELECT (SELECT count(*) FROM photos ph JOIN users u ON u.id = ph.user_id
                 WHERE ph.status = 'inspection' AND u.site_id = ${siteId}) AS photos,
               (SELECT count(*) FROM complaints c WHERE c.site_id = ${siteId} AND c.state <> 'done') AS complaints`,
  );
  return { photos: Number(row?.photos ?? 0), complaints: Number(row?.complaints ?? 0) };
}

/** A member's (or a fictional profile's) card as the reply queue shows it. */
export interface MemberCardRow {
  id: number;
  name: string;
  gender: string | null;
  date_of_birth: string | null;
  country: string | null;
  city: string | null;
  about: string | null;
  /** The main photo's thumbnail file. */
  thumb: string | null;
  signup_date: Date | string;
  paid_user: boolean;
  language: string;
}

/** The cards of these members (those with a profile). */
export function memberCards(db: Db | Tx, ids: readonly number[]): Promise<MemberCardRow[]> {
  return rows<MemberCardRow>(
    db,
    sql`SELECT u.id, p.name, p.gender, p.date_of_birth::text AS date_of_birth, p.country, p.city, p.about,
               ph.thumb_filename AS thumb, u.signup_date, u.paid_user, u.language
        FROM users u JOIN profiles p ON p.user_id = u.id LEFT JOIN photos ph ON ph.id = p.main_photo_id
        WHERE u.id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
}

/** A member's approved photos in album order. */
export function activePhotos(
  db: Db | Tx,
  userId: number,
): Promise<{ id: number; filename: string; thumb_filename: string }[]> {
  return rows(
    db,
    sql`SELECT id, filename, thumb_filename FROM photos WHERE user_id = ${userId} AND status = 'active'
        ORDER BY position, id`,
  );
}

/** One approved photo of the member, or undefined. */
export function activePhoto(
  db: Db | Tx,
  userId: number,
  photoId: number,
): Promise<{ filename: string } | undefined> {
  return first(
    db,
    sql`SELECT filename FROM photos WHERE id = ${photoId} AND user_id = ${userId} AND status = 'active'`,
  );
}

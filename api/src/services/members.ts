import { sql, type SQL } from 'drizzle-orm';
import { FREE_PHOTO_LIMIT } from '@dating/shared/constants';
import type { Gender, MemberResponse, MembersResponse } from '@dating/shared/contract/index';
import type { Db } from '../db/client';
import { first, rows } from '../db/sql';
import { notFound } from '../lib/errors';
import { regionsOf } from './geo';
import { PROFILE_COLUMNS, PROFILE_FROM, toImage, toProfile, type ProfileSqlRow } from './profiles';

export interface MemberSearch {
  gender?: Gender;
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
  pageNumber: number;
  numResults: number;
}

/** Blocks hide members both ways (SPEC §4): neither side sees the other. */
export const notBlocked = (viewerId: number | null) =>
  viewerId === null
    ? sql`TRUE`
    : sql`u.id <> ${viewerId} AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.user_id = ${viewerId} AND b.blocked_id = u.id) OR (b.user_id = u.id AND b.blocked_id = ${viewerId}))`;

function yearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

function regionName(country: string | undefined, region: string): string {
  if (!country) return region;
  return regionsOf(country).find((r) => r.code.toLowerCase() === region.toLowerCase())?.name ?? region;
}

export function createMembersService(db: Db) {
  async function run(viewerId: number | null, q: MemberSearch) {
    const where: SQL[] = [
      sql`u.status = 'confirmed'`,
      sql`NOT u.invisible`,
      sql`p.status <> 'disabled'`,
      notBlocked(viewerId),
    ];
    if (q.gender) where.push(sql`p.gender = ${q.gender}`);
    if (q.country) where.push(sql`p.country = ${q.country.toUpperCase()}`);
    if (q.countryregion) where.push(sql`lower(p.region) = lower(${regionName(q.country, q.countryregion)})`);
    if (q.min_age) where.push(sql`p.date_of_birth <= ${yearsAgo(q.min_age)}::date`);
    if (q.max_age) where.push(sql`p.date_of_birth > ${yearsAgo(q.max_age + 1)}::date`);
    const offset = (q.pageNumber - 1) * q.numResults;
    const found = await rows<ProfileSqlRow & { total: string | number }>(
      db,
      sql`SELECT ${sql.raw(PROFILE_COLUMNS)}, count(*) OVER () AS total FROM ${sql.raw(PROFILE_FROM)}
          WHERE ${sql.join(where, sql` AND `)}
          ORDER BY (ph.id IS NULL), u.id DESC LIMIT ${q.numResults} OFFSET ${offset}`,
    );
    return { profiles: found.map((r) => toProfile(r)), total: Number(found[0]?.total ?? 0) };
  }

  return {
    /** The exact search; when it finds nobody, progressively broader ones flagged `similar`. */
    async search(viewerId: number | null, q: MemberSearch): Promise<MembersResponse> {
      const exact = await run(viewerId, q);
      const base = { pageNumber: q.pageNumber, numResults: q.numResults };
      if (exact.total > 0 || q.pageNumber > 1) return { ...exact, ...base, similar: false };
      const broader: MemberSearch[] = [
        { ...q, countryregion: undefined },
        { ...q, countryregion: undefined, min_age: undefined, max_age: undefined },
        { ...q, countryregion: undefined, min_age: undefined, max_age: undefined, country: undefined },
      ];
      for (const b of broader) {
        const result = await run(viewerId, b);
        if (result.total > 0) return { ...result, ...base, similar: true };
      }
      return { ...exact, ...base, similar: false };
    },

    /** One profile. The member who blocked the viewer, and deleted accounts, are 404. */
    async get(viewer: { id: number; paid_user: boolean } | null, id: number): Promise<MemberResponse> {
      const viewerId = viewer?.id ?? null;
      const row = await first<ProfileSqlRow & { blocked_me: boolean; i_blocked: boolean; liked: boolean }>(
        db,
        sql`SELECT ${sql.raw(PROFILE_COLUMNS)},
              EXISTS (SELECT 1 FROM blocks b WHERE b.user_id = u.id AND b.blocked_id = ${viewerId}) AS blocked_me,
              EXISTS (SELECT 1 FROM blocks b WHERE b.user_id = ${viewerId} AND b.blocked_id = u.id) AS i_blocked,
              EXISTS (SELECT 1 FROM likes l WHERE l.user_id = ${viewerId} AND l.liked_id = u.id) AS liked
            FROM ${sql.raw(PROFILE_FROM)}
            WHERE u.id = ${id} AND u.status <> 'deleted' AND p.status <> 'disabled'`,
      );
      if (!row || row.blocked_me) throw notFound();
      const photos = await rows<{ id: number; filename: string; thumb_filename: string; status: string }>(
        db,
        sql`SELECT id, filename, thumb_filename, status FROM photos
            WHERE user_id = ${id} AND status = 'active' ORDER BY position, id`,
      );
      const profile = toProfile(row);
      // Free members and visitors see the first photos only (SPEC §1); the count tells them there is more.
      const visible = viewer?.paid_user ? photos : photos.slice(0, FREE_PHOTO_LIMIT);
      profile.images = visible.map(toImage);
      profile.num_images = photos.length;
      return { profile, liked: row.liked, blocked: row.i_blocked };
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;

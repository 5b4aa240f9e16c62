import { sql } from 'drizzle-orm';
import { FREE_PHOTO_LIMIT } from '@dating/shared/constants';
import type { Gender, MemberResponse, MembersResponse, Profile } from '@dating/shared/contract/index';
import type { BlockedService } from './blocked';
import type { Bus } from '../../lib/bus';
import type { Db, RawDb } from '../../db/client';
import { first, rows } from '../../db/sql';
import { notFound } from '../../lib/errors';
import { TtlMap } from '../../lib/ttl-map';
import { regionsOf } from '../../lib/geo';
import type { ProfileCache } from './profile-cache';
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

/** Filters that define a cached result list (everything but the viewer and the page). */
type Filters = Omit<MemberSearch, 'pageNumber' | 'numResults'>;

/** Plain SQL with numbered parameters, so each filter combination is one prepared statement. */
function searchSql(f: Filters) {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`u.status = 'confirmed'`, 'NOT u.invisible', `p.status <> 'disabled'`];
  let key = '';
  if (f.gender) {
    where.push(`p.gender = ${p(f.gender)}`);
    key += 'g';
  }
  if (f.country) {
    where.push(`p.country = ${p(f.country.toUpperCase())}`);
    key += 'c';
  }
  if (f.countryregion) {
    where.push(`lower(p.region) = lower(${p(regionName(f.country, f.countryregion))})`);
    key += 'r';
  }
  if (f.min_age) {
    where.push(`p.date_of_birth <= ${p(yearsAgo(f.min_age))}::date`);
    key += 'a';
  }
  if (f.max_age) {
    where.push(`p.date_of_birth > ${p(yearsAgo(f.max_age + 1))}::date`);
    key += 'b';
  }
  const text = `SELECT ${PROFILE_COLUMNS} FROM ${PROFILE_FROM}
    WHERE ${where.join(' AND ')}
    ORDER BY (ph.id IS NULL), u.id DESC LIMIT ${MAX_CACHED}`;
  return { text, params, name: `members_${key || 'all'}` };
}

const NO_ONE: ReadonlySet<number> = new Set();
/** Search results are shared by all viewers for a few seconds; blocks and the viewer are removed per request. */
const CACHE_MS = 10_000;
const CACHE_KEYS = 500;
const MAX_CACHED = 5_000;

export function createMembersService(
  db: Db,
  raw: RawDb,
  bus: Bus,
  deps: { profiles: ProfileCache; blocked: BlockedService },
) {
  const cache = new TtlMap<string, Promise<Profile[]>>(CACHE_MS, CACHE_KEYS);
  bus.subscribe((event) => {
    if (event.type === 'members-changed') cache.clear();
  });

  function matching(f: Filters): Promise<Profile[]> {
    const key = JSON.stringify([
      f.gender,
      f.country?.toUpperCase(),
      f.countryregion?.toLowerCase(),
      f.min_age,
      f.max_age,
    ]);
    return cache.remember(key, () => {
      const { text, params, name } = searchSql(f);
      return raw.query<ProfileSqlRow>(text, params, name).then((found) => found.map((r) => toProfile(r)));
    });
  }

  async function run(viewerId: number | null, q: MemberSearch) {
    const [all, blocked] = await Promise.all([
      matching(q),
      viewerId === null ? NO_ONE : deps.blocked.hiddenFor(viewerId),
    ]);
    const visible = viewerId === null ? all : all.filter((p) => p.id !== viewerId && !blocked.has(p.id));
    const offset = (q.pageNumber - 1) * q.numResults;
    return { profiles: visible.slice(offset, offset + q.numResults), total: visible.length };
  }

  return {
    /** Forget cached search results here and on every other node (a member became invisible, left, came back). */
    clearCache() {
      cache.clear();
      deps.profiles.clear();
      bus.publish({ type: 'members-changed' });
    },
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
      const profile = toProfile(row, viewerId === id);
      // Free members and visitors see the first photos only (SPEC §1); the count tells them there is more.
      const visible = viewer?.paid_user ? photos : photos.slice(0, FREE_PHOTO_LIMIT);
      profile.images = visible.map(toImage);
      profile.num_images = photos.length;
      return { profile, liked: row.liked, blocked: row.i_blocked };
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;

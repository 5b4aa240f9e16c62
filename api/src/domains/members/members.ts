import { sql } from 'drizzle-orm';
import { FREE_PHOTO_LIMIT } from '@dating/shared/constants';
import type {
  Gender,
  LanderMember,
  MemberResponse,
  MembersResponse,
  Niche,
  Profile,
} from '@dating/shared/contract/index';
import type { BlockedService } from './blocked';
import type { Bus } from '../../lib/bus';
import type { Db, RawDb } from '../../db/client';
import { first, rows } from '../../db/sql';
import { notFound } from '../../lib/errors';
import { TtlMap } from '../../lib/ttl-map';
import { cacheEnabled } from '../../lib/caches';
import { membersJson } from '../../lib/serialize';
import { regionsOf } from '../../lib/geo';
import type { ProfileCache } from './profile-cache';
import { PROFILE_COLUMNS, PROFILE_FROM, toImage, toProfile, type ProfileSqlRow } from './profiles';
import { NICHE_FILTERS, visibleOnSite } from './site-scope';
import { interests } from './tables';
import type { PhotoVariants } from '../../lib/image-variants';

/** The site a request is for: its own members, and others by its niche (site-scope.ts). */
export interface SiteScope {
  id: number;
  niche: number;
}

export interface MemberSearch {
  gender?: Gender;
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
  /** Only members whose orientation looks for the viewer's gender (members only; see `resolveViewer`). */
  mutual?: boolean;
  /** The viewer's region first, then the viewer's country, then the rest (members only). */
  near?: boolean;
  pageNumber: number;
  numResults: number;
}

/** A search with the viewer's part made concrete: whom matches must accept, where "near" is. */
interface ResolvedSearch extends Omit<MemberSearch, 'mutual' | 'near'> {
  /** Matches' orientation must look for this gender (the viewer's). */
  accepts?: Gender;
  /** Order the viewer's region, then country, first. */
  nearTo?: { country: string; region: string | null };
}

/** Blocks hide members both ways (docs/product/member-model.md): neither side sees the other. */
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

/** Filters of a search (everything but the viewer and the page). */
type Filters = Omit<ResolvedSearch, 'pageNumber' | 'numResults'>;

/** Members whose orientation looks for `gender`: gender and sexuality as `seekingOf` reads them. */
export const ACCEPTS: Record<Gender, string> = {
  male: `((p.gender = 'female' AND p.sexuality IN ('hetero', 'bi')) OR (p.gender = 'male' AND p.sexuality IN ('gay', 'bi')))`,
  female: `((p.gender = 'male' AND p.sexuality IN ('hetero', 'bi')) OR (p.gender = 'female' AND p.sexuality IN ('lesbian', 'bi')))`,
};

/**
 * The WHERE of a search as plain SQL with numbered parameters, so each filter combination is one prepared
 * statement. `$1` is always the members the viewer must not see (themselves and blocks, both ways).
 */
function searchWhere(site: SiteScope, f: Filters) {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  // searchable: confirmed, not invisible, not disabled (kept on the profile by the triggers of migration 0021).
  // and shown on this site (site-scope.ts; profiles carry no site, so the member's row decides).
  const where = [
    'p.searchable',
    `EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND ${visibleOnSite(site)})`,
  ];
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
  if (f.accepts) {
    where.push(ACCEPTS[f.accepts]);
    key += f.accepts === 'male' ? 'm' : 'f';
  }
  return { where: where.join(' AND '), params, key: `${key || 'all'}_s${site.id}` };
}

const FROM = 'profiles p';
/** Members with a photo first, newest first: the order the search indexes of migration 0021 are built in. */
const ORDER = 'p.has_photo DESC, p.user_id DESC';

/**
 * One page of ids, in SQL: the database walks a search index in the answer's order and stops after the page
 *, instead of every match being loaded and sliced here.
 */
function pageSql(site: SiteScope, f: Filters) {
  const { where, params, key } = searchWhere(site, f);
  const n = params.length;
  if (!f.nearTo) {
    const text = `SELECT p.user_id AS id FROM ${FROM}
      WHERE ${where} AND p.user_id <> ALL($${n + 1}::int[])
      ORDER BY ${ORDER} LIMIT $${n + 2} OFFSET $${n + 3}`;
    return { text, params, name: `members_page_${key}` };
  }
  // Nearest first, in tiers (the viewer's region, the rest of the viewer's country, elsewhere), each an index walk in
  // the usual order that stops after the page, instead of one sort of every match by a distance expression.
  const c = `$${n + 4}`;
  const r = `$${n + 5}`;
  const tiers = [
    `p.country = ${c} AND lower(p.region) = lower(${r})`,
    `p.country = ${c} AND lower(p.region) IS DISTINCT FROM lower(${r})`,
    `p.country <> ${c}`,
  ];
  const branch = (cond: string, tier: number) =>
    `(SELECT p.user_id AS id, ${tier} AS tier, p.has_photo FROM ${FROM}
      WHERE ${where} AND ${cond} AND p.user_id <> ALL($${n + 1}::int[])
      ORDER BY ${ORDER} LIMIT $${n + 2}::int + $${n + 3}::int)`;
  const text = `SELECT id FROM (${tiers.map(branch).join(' UNION ALL ')}) AS t
    ORDER BY tier, has_photo DESC, id DESC LIMIT $${n + 2} OFFSET $${n + 3}`;
  return { text, params, name: `members_near_${key}` };
}

/** The parameters after a page's (hidden ids, limit, offset): where "near" is, for the tiers of `pageSql`. */
const nearParams = (f: Filters) => (f.nearTo ? [f.nearTo.country, f.nearTo.region] : []);

/** How many of the viewer's hidden members match (subtracted from the filter's count). */
function hiddenCountSql(site: SiteScope, f: Filters) {
  const { where, params, key } = searchWhere(site, f);
  return {
    text: `SELECT count(*)::int AS n FROM ${FROM} WHERE ${where} AND p.user_id = ANY($${params.length + 1}::int[])`,
    params,
    name: `members_count_among_${key}`,
  };
}

/**
 * A filter's `total` counts at most COUNT_BOUND + 1 matches: the exact number for a filter with fewer, "more than
 * COUNT_BOUND" (101 pages of 24, more than anyone pages through by hand) for a larger one, which is all the page
 * count needs. An exact count walks every match: at a million profiles 0.5–1.6 s for 970,000 of them, while a page
 * comes from an index walk in milliseconds, and the pages after the first waited behind it (ADR 0031).
 */
export const COUNT_BOUND = 2_400;

function boundedCountSql(site: SiteScope, f: Filters, bound: number) {
  const { where, params, key } = searchWhere(site, f);
  return {
    text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${FROM} WHERE ${where} LIMIT ${bound + 1}) AS m`,
    params,
    name: `members_count_bounded_${bound}_${key}`,
  };
}

const filterKey = (site: SiteScope, f: Filters) =>
  JSON.stringify([
    site.id,
    f.gender,
    f.country?.toUpperCase(),
    f.countryregion?.toLowerCase(),
    f.min_age,
    f.max_age,
    f.accepts,
    f.nearTo?.country,
    f.nearTo?.region?.toLowerCase(),
  ]);

const NO_ONE: readonly number[] = [];
/**
 * Whole answers of member search, as the bytes sent, per viewer and query, for ANSWER_MS: a member paging or
 * polling the same page gets the same bytes without the page being cut, counted, looked up and serialised again.
 * An answer is kept only while it was built from the current caches: the same site object, the same hidden set
 * (the blocked cache's object, replaced when a block changes) and no clear of the search or profile caches since.
 */
const ANSWER_MS = 1_000;
const ANSWER_KEYS = 5_000;

interface Answer {
  site: SiteScope;
  hidden: ReadonlySet<number> | null;
  generation: number;
  profilesGeneration: number;
  bytes: Promise<Buffer>;
}
/** Pages and counts are shared by all viewers for a few seconds (cleared when members change). */
const CACHE_MS = 10_000;
const CACHE_KEYS = 2_000;
/**
 * The first ids of a search in the answer's order, shared by every viewer: a page is cut from them in memory
 * after removing the viewer's hidden members. Prefixes grow in powers of two up to PREFIX_MAX ids; pages deeper
 * than that (rare: 100 pages of 20) ask the database.
 */
const PREFIX_MIN = 128;
const PREFIX_MAX = 2_048;
/** Viewers with more hidden members than this are counted in SQL, not remembered per hidden set. */
const HIDDEN_KEY_MAX = 64;

interface Prefix {
  ids: readonly number[];
  /** Fewer matches than asked for: these are all of them. */
  complete: boolean;
  all: ReadonlySet<number>;
}

export function createMembersService(
  db: Db,
  raw: RawDb,
  bus: Bus,
  deps: { profiles: ProfileCache; blocked: BlockedService; countBound?: number },
) {
  const countBound = deps.countBound ?? COUNT_BOUND;
  const counts = new TtlMap<string, Promise<number>>(CACHE_MS, CACHE_KEYS, 'members');
  const prefixes = new TtlMap<string, Promise<Prefix>>(CACHE_MS, CACHE_KEYS, 'members');
  const answers = new TtlMap<string, Answer>(ANSWER_MS, ANSWER_KEYS, 'members');
  const previews = new TtlMap<string, Promise<LanderMember[]>>(CACHE_MS, CACHE_KEYS, 'members');
  // Bumped by every clear: a read under way when members changed must not be kept.
  let generation = 0;
  const clear = () => {
    generation++;
    counts.clear();
    prefixes.clear();
    answers.clear();
    previews.clear();
  };
  bus.subscribe((event) => {
    if (event.type === 'members-changed') clear();
  });

  /** Remembers `load()` for `key` unless the cache was cleared while it ran. */
  function shared<T>(map: TtlMap<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    if (hit) return hit;
    const readIn = generation;
    const value = load();
    map.set(key, value);
    value.then(
      () => {
        if (readIn !== generation) map.delete(key);
      },
      () => map.delete(key),
    );
    return value;
  }

  function prefixOf(site: SiteScope, f: Filters, length: number): Promise<Prefix> {
    return shared(prefixes, `${filterKey(site, f)}:${length}`, async () => {
      const { text, params, name } = pageSql(site, f);
      const found = await raw.query<{ id: number }>(
        text,
        [...params, NO_ONE, length, 0, ...nearParams(f)],
        name,
      );
      const ids = found.map((r) => r.id);
      return { ids, complete: ids.length < length, all: new Set(ids) };
    });
  }

  async function countFor(site: SiteScope, f: Filters, hidden: readonly number[], prefix?: Prefix) {
    const key = filterKey(site, f);
    // The bounded count: the exact count of every filter with at most COUNT_BOUND matches, "more than COUNT_BOUND"
    // for a larger one, which is all the page count needs. An exact count of a larger filter was a second of a core
    // at a million profiles that the next pages' queries waited behind (ADR 0031).
    const all = await shared(counts, key, () => {
      const { text, params, name } = boundedCountSql(site, f, countBound);
      return raw.query<{ n: number }>(text, params, name).then((r) => Number(r[0]?.n ?? 0));
    });
    if (hidden.length === 0) return all;
    // Every match is in the prefix: which hidden members match is known here.
    if (prefix?.complete) return all - hidden.filter((id) => prefix.all.has(id)).length;
    const among = () => {
      const { text, params, name } = hiddenCountSql(site, f);
      return raw.query<{ n: number }>(text, [...params, hidden], name).then((r) => Number(r[0]?.n ?? 0));
    };
    const matched =
      hidden.length <= HIDDEN_KEY_MAX
        ? await shared(counts, `${key}|${hidden.join(',')}`, among)
        : await among();
    return Math.max(0, all - matched);
  }

  /** The page's ids from the shared prefix, or null when the prefix cannot tell (too deep). */
  async function pageFromPrefix(site: SiteScope, q: ResolvedSearch, hidden: readonly number[]) {
    const offset = (q.pageNumber - 1) * q.numResults;
    const needed = offset + q.numResults + hidden.length;
    if (needed > PREFIX_MAX) return null;
    let length = PREFIX_MIN;
    while (length < needed) length *= 2;
    const prefix = await prefixOf(site, q, length);
    const hide = new Set(hidden);
    const visible = hide.size ? prefix.ids.filter((id) => !hide.has(id)) : prefix.ids;
    if (!prefix.complete && visible.length < offset + q.numResults) return null;
    return { ids: visible.slice(offset, offset + q.numResults), prefix };
  }

  async function run(site: SiteScope, viewerId: number | null, q: ResolvedSearch) {
    const hidden = viewerId === null ? NO_ONE : [viewerId, ...(await deps.blocked.hiddenFor(viewerId))];
    let ids: readonly number[];
    let total: number;
    const cut = cacheEnabled('members') ? await pageFromPrefix(site, q, hidden) : null;
    if (cut) {
      ids = cut.ids;
      total = await countFor(site, q, hidden, cut.prefix);
    } else {
      const { text, params, name } = pageSql(site, q);
      const offset = (q.pageNumber - 1) * q.numResults;
      const [found, count] = await Promise.all([
        raw.query<{ id: number }>(text, [...params, hidden, q.numResults, offset, ...nearParams(q)], name),
        countFor(site, q, hidden),
      ]);
      ids = found.map((r) => r.id);
      total = count;
    }
    // Shared profile objects: each is serialised once per cache period (lib/serialize.ts).
    const found = await deps.profiles.getMany(ids);
    const profiles = ids.map((id) => found.get(id)).filter((p): p is Profile => p !== undefined);
    return { profiles, total };
  }

  /**
   * The viewer's part of a search: `mutual` becomes the viewer's gender that matches must accept, `near` the viewer's
   * country and region. Both need a member with a profile; for a visitor they are dropped.
   */
  async function resolveViewer(viewerId: number | null, q: MemberSearch): Promise<ResolvedSearch> {
    const { mutual, near, ...rest } = q;
    if (viewerId === null || (!mutual && !near)) return rest;
    const me = (await deps.profiles.getMany([viewerId])).get(viewerId);
    if (!me) return rest;
    return {
      ...rest,
      ...(mutual ? { accepts: me.gender } : {}),
      ...(near ? { nearTo: { country: me.country.toUpperCase(), region: me.region ?? null } } : {}),
    };
  }

  // The interest icon set is seed data that no request changes: read once per process.
  let interestNames: Promise<string[]> | null = null;

  /** The exact search; when it finds nobody, progressively broader ones flagged `similar`. */
  async function searchResolved(
    site: SiteScope,
    viewerId: number | null,
    q: ResolvedSearch,
  ): Promise<MembersResponse> {
    const exact = await run(site, viewerId, q);
    const base = { pageNumber: q.pageNumber, numResults: q.numResults };
    if (exact.total > 0 || q.pageNumber > 1) return { ...exact, ...base, similar: false };
    // Broader by place and age; whom the viewer is looking for (gender, mutual) stays.
    const broader: ResolvedSearch[] = [
      { ...q, countryregion: undefined },
      { ...q, countryregion: undefined, min_age: undefined, max_age: undefined },
      { ...q, countryregion: undefined, min_age: undefined, max_age: undefined, country: undefined },
    ];
    for (const b of broader) {
      const result = await run(site, viewerId, b);
      if (result.total > 0) return { ...result, ...base, similar: true };
    }
    return { ...exact, ...base, similar: false };
  }

  return {
    /** The interest names of the icon set (docs/product/member-model.md), sorted; `GET /api/interests.php`. */
    interests(): Promise<string[]> {
      interestNames ??= db
        .select({ name: interests.name })
        .from(interests)
        .orderBy(interests.name)
        .then((found) => found.map((r) => r.name));
      interestNames.catch(() => (interestNames = null));
      return interestNames;
    },
    /** Forget cached search results here and on every other node (a member became invisible, left, came back). */
    clearCache() {
      clear();
      deps.profiles.clear();
      bus.publish({ type: 'members-changed' });
    },
    /**
     * `search` as the JSON bytes of the answer (lib/serialize.ts membersJson), the same bytes for the same viewer
     * and query while nothing it was built from changed (ANSWER_MS at most).
     */
    async searchJson(site: SiteScope, viewerId: number | null, search: MemberSearch): Promise<Buffer> {
      if (!cacheEnabled('members')) return membersJson(await this.search(site, viewerId, search));
      const q = await resolveViewer(viewerId, search);
      const hidden = viewerId === null ? null : await deps.blocked.hiddenFor(viewerId);
      const key = `${viewerId}|${filterKey(site, q)}|${q.pageNumber}|${q.numResults}`;
      const hit = answers.get(key);
      if (
        hit &&
        hit.site === site &&
        hit.hidden === hidden &&
        hit.generation === generation &&
        hit.profilesGeneration === deps.profiles.generation()
      )
        return hit.bytes;
      const answer: Answer = {
        site,
        hidden,
        generation,
        profilesGeneration: deps.profiles.generation(),
        bytes: searchResolved(site, viewerId, q).then(membersJson),
      };
      answers.set(key, answer);
      answer.bytes.catch(() => {
        if (answers.get(key) === answer) answers.delete(key);
      });
      return answer.bytes;
    },
    /**
     * Members for a lander's previews (`GET /api/lander-members.php`), shown to visitors also where they may not
     * search: the site's audience only (its niche's filter applies to its own members too, so a she site shows
     * women and a gay site men who are gay or bi), searchable members with an approved, public main photo,
     * those of `country` first, newest first. Shared by every visitor for CACHE_MS.
     */
    landerMembers(site: SiteScope, country: string | undefined, count: number): Promise<LanderMember[]> {
      const audience = NICHE_FILTERS[site.niche as Niche] ?? 'TRUE';
      const where = `p.searchable AND ph.status = 'active' AND ph.filename NOT LIKE 'private/%'
        AND ${visibleOnSite(site)} AND ${audience}`;
      const c = country?.toUpperCase() ?? '';
      return shared(previews, JSON.stringify([site.id, site.niche, c, count]), async () => {
        const found = await raw.query<ProfileSqlRow>(
          `SELECT ${PROFILE_COLUMNS} FROM ${PROFILE_FROM} WHERE ${where}
            ORDER BY (p.country = $1) DESC, p.user_id DESC LIMIT $2`,
          [c, count],
          `lander_members_s${site.id}_n${site.niche}`,
        );
        return found.flatMap((row) => {
          const profile = toProfile(row);
          if (!profile.main_image || profile.main_image.status !== 'active') return [];
          const { id, name, age, gender, country: land, region, city, main_image } = profile;
          return [{ id, name, age, gender, country: land, region, city, main_image }];
        });
      });
    },
    async search(site: SiteScope, viewerId: number | null, q: MemberSearch): Promise<MembersResponse> {
      return searchResolved(site, viewerId, await resolveViewer(viewerId, q));
    },

    /**
     * One profile. The member who blocked the viewer, deleted accounts, members who have not confirmed their
     * address (or whose profile is disabled) and members this site does not show (site-scope.ts) are 404 like an
     * unknown id; the member's own profile always shows.
     */
    async get(
      site: SiteScope,
      viewer: { id: number; paid_user: boolean } | null,
      id: number,
    ): Promise<MemberResponse> {
      const viewerId = viewer?.id ?? null;
      const row = await first<ProfileSqlRow & { blocked_me: boolean; i_blocked: boolean; liked: boolean }>(
        db,
        sql`SELECT ${sql.raw(PROFILE_COLUMNS)},
              EXISTS (SELECT 1 FROM blocks b WHERE b.user_id = u.id AND b.blocked_id = ${viewerId}) AS blocked_me,
              EXISTS (SELECT 1 FROM blocks b WHERE b.user_id = ${viewerId} AND b.blocked_id = u.id) AS i_blocked,
              EXISTS (SELECT 1 FROM likes l WHERE l.user_id = ${viewerId} AND l.liked_id = u.id) AS liked
            FROM ${sql.raw(PROFILE_FROM)}
            WHERE u.id = ${id} AND u.status <> 'deleted'
              AND (u.id = ${viewerId} OR (u.status = 'confirmed' AND p.status <> 'disabled'
                                          AND ${sql.raw(visibleOnSite(site))}))`,
      );
      if (!row || row.blocked_me) throw notFound();
      const photos = await rows<{
        id: number;
        filename: string;
        thumb_filename: string;
        status: string;
        variants: PhotoVariants | null;
      }>(
        db,
        sql`SELECT id, filename, thumb_filename, status, variants FROM photos
            WHERE user_id = ${id} AND status = 'active' ORDER BY position, id`,
      );
      const profile = toProfile(row, viewerId === id);
      // Free members and visitors see the first photos only (docs/product/README.md); the count tells them there is more.
      const visible = viewer?.paid_user ? photos : photos.slice(0, FREE_PHOTO_LIMIT);
      profile.images = visible.map(toImage);
      profile.num_images = photos.length;
      return { profile, liked: row.liked, blocked: row.i_blocked };
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;

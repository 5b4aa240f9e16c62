/**
 * Every in-process cache of the api has a name here, so the bench can measure what each one buys (a
 * cache stays only with a benchmark that justifies it: docs/adr/0014-caches-and-send-throughput.md). `CACHES_OFF=profiles,chats` (or `all`) starts the api
 * with those caches off; with `BENCH=1`, `POST /api/_bench/caches` switches them at run time, and
 * `tools/bench/api-throughput.mjs` measures each endpoint with and without the caches it uses, side by side.
 * A cache that is off reads through to the database on every call; nothing else changes (invalidation still runs).
 */
export const CACHE_NAMES = [
  /** accounts/sessions.ts: session token → member and site, 5 s. */
  'sessions',
  /** members/profile-cache.ts: public profiles by id, 10 s (search pages, chat lists, sends). */
  'profiles',
  /** members/blocked.ts: whom a member must not see, until a block changes (60 s bound). */
  'blocked',
  /** members/members.ts: search pages (ids) and counts per filter, 10 s, cleared when members change. */
  'members',
  /** chat/chats.ts: a member's conversation rows until the bus (sends, reads) or NOTIFY says they changed (30 s bound). */
  'chats',
  /** sites/routes/settings.ts: settings.php bytes per site, country and locale. */
  'settings',
  /** sites/ssr.ts: server-rendered lander pages per URL, versions and site data, SSR_CACHE_TTL_MS (5 s), cleared on a registry change. */
  'ssr',
] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

const off = new Set<CacheName>();

/** Whether the named cache may serve from memory. */
export function cacheEnabled(name: CacheName): boolean {
  return !off.has(name);
}

/** Switches caches off (`all` for every one); the rest on. Returns the names now off. */
export function setCachesOff(names: readonly string[]): CacheName[] {
  off.clear();
  for (const name of names.includes('all') ? CACHE_NAMES : names) {
    if ((CACHE_NAMES as readonly string[]).includes(name)) off.add(name as CacheName);
  }
  return [...off];
}

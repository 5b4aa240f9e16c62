import type { Profile } from '@dating/shared/contract/index';
import { TtlMap } from '../../lib/ttl-map';
import type { Bus } from '../../lib/bus';
import type { RawDb } from '../../db/client';
import { defineQuery, many, pg } from '../../db/typed';
import { PROFILE_COLUMNS, PROFILE_FROM, PROFILE_ROW, toProfile } from './profiles';

// Typed SQL (docs/adr/0040-typed-sql-not-the-query-builder.md).
const byIdQuery = defineQuery({
  name: 'profiles_by_id',
  text: `SELECT ${PROFILE_COLUMNS} FROM ${PROFILE_FROM} WHERE u.id = ANY($1::int[]) AND u.status <> 'deleted'`,
  params: [pg.intArray],
  columns: PROFILE_ROW,
});
/** As long as member search keeps its results: an edited profile shows everywhere within the same time. */
const CACHE_MS = 10_000;
const CACHE_MAX = 20_000;

/**
 * Public profiles by id, shared by every viewer for a few seconds. A chat list shows the same partners to many
 * members and on every poll (on a site like this a few profiles chat with very many members), so each profile is
 * read and mapped once per period instead of once per list. The objects are shared: never modify one.
 */
export function createProfileCache(raw: RawDb, bus: Bus) {
  // null: known not to exist or deleted.
  const cache = new TtlMap<number, Profile | null>(CACHE_MS, CACHE_MAX, 'profiles');
  // Bumped by every clear: a read that was under way when profiles changed must not store what it read.
  let generation = 0;
  const clear = () => {
    generation++;
    cache.clear();
  };
  bus.subscribe((event) => {
    if (event.type === 'members-changed') clear();
  });
  return {
    /** The profiles of these members that exist and are not deleted (blocks are the caller's business). */
    async getMany(ids: readonly number[]): Promise<Map<number, Profile>> {
      const out = new Map<number, Profile>();
      const missing = new Set<number>();
      for (const id of ids) {
        const hit = cache.get(id);
        if (hit === undefined) missing.add(id);
        else if (hit) out.set(id, hit);
      }
      if (missing.size === 0) return out;
      const readIn = generation;
      const found = await many(raw, byIdQuery, [...missing]);
      const loaded = new Map(found.map((r) => [r.id, toProfile(r)]));
      for (const id of missing) {
        const profile = loaded.get(id) ?? null;
        if (profile) out.set(id, profile);
        if (readIn === generation) cache.set(id, profile);
      }
      return out;
    },
    /** Changes with every clear: what was built from profiles read before it is out of date. */
    generation: () => generation,
    /** Forget everything on this node (the caller tells the other nodes). */
    clear,
  };
}
export type ProfileCache = ReturnType<typeof createProfileCache>;

import { TtlMap } from '../../lib/ttl-map';
import type { Bus } from '../../lib/bus';
import type { RawDb } from '../../db/client';
import { defineQuery, many, pg } from '../../db/typed';

// Typed SQL (docs/adr/0040-typed-sql-not-the-query-builder.md).
const hiddenQuery = defineQuery({
  name: 'blocked_hidden',
  text: `SELECT blocked_id AS id FROM blocks WHERE user_id = $1 UNION SELECT user_id FROM blocks WHERE blocked_id = $1`,
  params: [pg.int],
  columns: { id: pg.int },
});
/**
 * A safety net only: every block and unblock clears both members' entries at once, here and on the other nodes
 * (bus), so an entry is never stale longer than a bus message takes.
 */
const CACHE_MS = 60_000;
const CACHE_MAX = 50_000;

/**
 * Who a member must not see (docs/product/member-model.md: blocks hide both ways). Member search asks on every page, and blocks
 * change rarely and only through `accounts.blocks`, so each member's set is read once and kept until it changes.
 */
export function createBlockedService(raw: RawDb, bus: Bus) {
  const cache = new TtlMap<number, Promise<ReadonlySet<number>>>(CACHE_MS, CACHE_MAX, 'blocked');
  const forget = (userIds: readonly number[]) => {
    for (const id of userIds) cache.delete(id);
  };
  bus.subscribe((event) => {
    if (event.type === 'blocks-changed') forget(event.userIds);
  });
  return {
    /** The members `userId` blocked or was blocked by. */
    hiddenFor(userId: number): Promise<ReadonlySet<number>> {
      return cache.remember(userId, () =>
        many(raw, hiddenQuery, userId).then((found): ReadonlySet<number> => new Set(found.map((r) => r.id))),
      );
    },
    /** A block between these members was added or removed (call after the change is committed). */
    changed(...userIds: number[]): void {
      forget(userIds);
      bus.publish({ type: 'blocks-changed', userIds });
    },
  };
}
export type BlockedService = ReturnType<typeof createBlockedService>;

import { TtlMap } from '../../lib/ttl-map';
import type { Bus } from '../../lib/bus';
import type { Db, RawDb } from '../../db/client';
import { defineQuery, many, one, pg, run } from '../../db/typed';

// The cookie and the token hash are in lib/auth.ts (the request context reads them too); accounts exports them.
import { SESSION_MAX_AGE_S, hashToken, newToken } from '../../lib/auth';
export { SESSION_COOKIE, SESSION_MAX_AGE_S, hashToken, newToken } from '../../lib/auth';

export interface SessionInfo {
  userId: number;
  siteId: number;
}

// Typed SQL (docs/adr/0040-typed-sql-not-the-query-builder.md): each statement's parameter and column types are
// declared once and checked against the migrated database by db/__tests__/typed-queries.test.ts.

// A member banned by staff (docs/adr/0018-staff-back-office.md) has no valid session, whichever route started one (activation link, reactivation).
const lookupQuery = defineQuery({
  name: 'session_lookup',
  text: `SELECT s.user_id, u.site_id FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = $1 AND s.expires_at > now() AND u.status <> 'deleted' AND u.banned_at IS NULL`,
  params: [pg.text],
  columns: { user_id: pg.int, site_id: pg.int },
});
const stillValidQuery = defineQuery({
  name: 'sessions_still_valid',
  text: `SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ANY($1::text[]) AND s.expires_at > now() AND u.status <> 'deleted' AND u.banned_at IS NULL`,
  params: [pg.textArray],
  columns: { token_hash: pg.text },
});
const createQuery = defineQuery({
  name: 'session_create',
  text: `INSERT INTO sessions (token_hash, user_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)`,
  params: [pg.text, pg.int, pg.timestamptz, pg.text.nullable(), pg.text.nullable()],
  columns: {},
});
const destroyQuery = defineQuery({
  name: 'session_destroy',
  text: `DELETE FROM sessions WHERE token_hash = $1`,
  params: [pg.text],
  columns: {},
});
const destroyAllQuery = defineQuery({
  name: 'sessions_destroy_all',
  text: `DELETE FROM sessions WHERE user_id = $1`,
  params: [pg.int],
  columns: {},
});
const destroyOthersQuery = defineQuery({
  name: 'sessions_destroy_others',
  text: `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`,
  params: [pg.int, pg.text],
  columns: {},
});
const purgeQuery = defineQuery({
  name: 'sessions_purge',
  text: `DELETE FROM sessions WHERE expires_at < $1`,
  params: [pg.timestamptz],
  columns: {},
});

/**
 * Valid sessions are remembered in-process for a few seconds: most member requests then need no session query.
 * Logout and `destroyAllFor` clear the entry on this node at once and tell the other nodes over the bus (Redis
 * when several nodes run); without a bus another node would notice within CACHE_MS.
 */
const CACHE_MS = 5_000;
const CACHE_MAX = 20_000;

/**
 * Server-side sessions: the cookie holds a random token, the table only its SHA-256. Every query runs on `raw` (named
 * statements); `db` is no longer used and stays only so the composition root did not change with ADR 0040.
 */
export function createSessionsService(_db: Db, raw: RawDb, bus: Bus) {
  const cache = new TtlMap<string, SessionInfo>(CACHE_MS, CACHE_MAX, 'sessions');
  bus.subscribe((event) => {
    if (event.type === 'session-revoked') cache.delete(event.hash);
    if (event.type === 'sessions-revoked') {
      cache.deleteWhere((hash, info) => info.userId === event.userId && hash !== event.keepHash);
    }
  });
  return {
    /** The session's member and site, or null when unknown/expired. */
    async lookup(token: string): Promise<SessionInfo | null> {
      const hash = hashToken(token);
      const hit = cache.get(hash);
      if (hit) return hit;
      const row = await one(raw, lookupQuery, hash);
      if (!row) {
        cache.delete(hash);
        return null;
      }
      const info = { userId: row.user_id, siteId: row.site_id };
      cache.set(hash, info);
      return info;
    },
    async create(userId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
      const token = newToken();
      await run(
        raw,
        createQuery,
        hashToken(token),
        userId,
        new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
        meta.ip ?? null,
        meta.userAgent?.slice(0, 300) ?? null,
      );
      return token;
    },
    async destroy(token: string): Promise<void> {
      const hash = hashToken(token);
      cache.delete(hash);
      await run(raw, destroyQuery, hash);
      bus.publish({ type: 'session-revoked', hash });
    },
    /** Ends every session of a user, optionally keeping the current one (password reset, deletion). */
    async destroyAllFor(userId: number, keepToken?: string): Promise<void> {
      const keep = keepToken ? hashToken(keepToken) : null;
      cache.deleteWhere((hash, info) => info.userId === userId && hash !== keep);
      if (keep) await run(raw, destroyOthersQuery, userId, keep);
      else await run(raw, destroyAllQuery, userId);
      bus.publish({ type: 'sessions-revoked', userId, keepHash: keep });
    },
    /**
     * Which of these session hashes still hold (one query for many: the live channel re-checks its open
     * streams' sessions with every heartbeat).
     */
    async stillValid(hashes: readonly string[]): Promise<Set<string>> {
      if (hashes.length === 0) return new Set();
      const found = await many(raw, stillValidQuery, hashes);
      return new Set(found.map((row) => row.token_hash));
    },
    async purgeExpired(): Promise<void> {
      await run(raw, purgeQuery, new Date());
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;

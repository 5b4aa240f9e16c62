import { and, eq, lt, ne } from 'drizzle-orm';
import { TtlMap } from '../../lib/ttl-map';
import type { Bus } from '../../lib/bus';
import type { Db, RawDb } from '../../db/client';
import { sessions } from './tables';

// The cookie and the token hash are in lib/auth.ts (the request context reads them too); accounts exports them.
import { SESSION_MAX_AGE_S, hashToken, newToken } from '../../lib/auth';
export { SESSION_COOKIE, SESSION_MAX_AGE_S, hashToken, newToken } from '../../lib/auth';

export interface SessionInfo {
  userId: number;
  siteId: number;
}

// A member banned by staff (docs/adr/0018-staff-back-office.md) has no valid session, whichever route started one (activation link, reactivation).
const LOOKUP_SQL = `SELECT s.user_id, u.site_id FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.expires_at > now() AND u.status <> 'deleted' AND u.banned_at IS NULL`;
/**
 * Valid sessions are remembered in-process for a few seconds: most member requests then need no session query.
 * Logout and `destroyAllFor` clear the entry on this node at once and tell the other nodes over the bus (Redis
 * when several nodes run); without a bus another node would notice within CACHE_MS.
 */
const CACHE_MS = 5_000;
const CACHE_MAX = 20_000;

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export function createSessionsService(db: Db, raw: RawDb, bus: Bus) {
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
      const [row] = await raw.query<{ user_id: number; site_id: number }>(
        LOOKUP_SQL,
        [hash],
        'session_lookup',
      );
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
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      return token;
    },
    async destroy(token: string): Promise<void> {
      const hash = hashToken(token);
      cache.delete(hash);
      await db.delete(sessions).where(eq(sessions.tokenHash, hash));
      bus.publish({ type: 'session-revoked', hash });
    },
    /** Ends every session of a user, optionally keeping the current one (password reset, deletion). */
    async destroyAllFor(userId: number, keepToken?: string): Promise<void> {
      const keep = keepToken ? hashToken(keepToken) : null;
      cache.deleteWhere((hash, info) => info.userId === userId && hash !== keep);
      await db
        .delete(sessions)
        .where(
          keepToken
            ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken)))
            : eq(sessions.userId, userId),
        );
      bus.publish({ type: 'sessions-revoked', userId, keepHash: keep });
    },
    /**
     * Which of these session hashes still hold (one query for many: the live channel re-checks its open
     * streams' sessions with every heartbeat).
     */
    async stillValid(hashes: readonly string[]): Promise<Set<string>> {
      if (hashes.length === 0) return new Set();
      const found = await raw.query<{ token_hash: string }>(
        `SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = ANY($1::text[]) AND s.expires_at > now() AND u.status <> 'deleted'
           AND u.banned_at IS NULL`,
        [hashes],
      );
      return new Set(found.map((row) => row.token_hash));
    },
    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;

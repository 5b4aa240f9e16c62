import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { first } from '../../db/sql';
import type { Secrets } from '../../lib/secrets';

export const LOCKOUT_ATTEMPTS = 5;
export const LOCKOUT_WINDOW_MIN = 15;
export const LOCKOUT_MINUTES = 15;
/** Login audit rows are kept this long (README, Security), then purged. */
export const LOGIN_AUDIT_RETENTION_DAYS = 90;
/** Device cookie: set at each successful login, one year. */
export const DEVICE_COOKIE = 'did';
export const DEVICE_COOKIE_DAYS = 365;

export interface Attempt {
  /** This attempt may check the password (attempt number `count` of the window). */
  allowed: boolean;
  count: number;
  /** Minutes the key stays locked (0 = not locked). */
  lockedMinutes: number;
}

const minutesUntil = (until: Date | string | null | undefined) => {
  if (!until) return 0;
  const ms = new Date(until).getTime() - Date.now();
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
};

/**
 * Login attempts per lock key. An attempt is counted before its password is checked, in one
 * statement (an upsert takes the row lock), so parallel guesses cannot reset or skip each other's counts: at most
 * LOCKOUT_ATTEMPTS passwords are ever checked per key and window, however many requests arrive at once.
 *
 * Keys: `a:` + keyed hash of the typed identifier (any client), or `d:` + keyed hash of a device id, when the
 * request carries the device cookie this member got at an earlier successful login. An attacker guessing an
 * address locks the `a:` key only; the owner's usual device keeps its own count and can still log in.
 */
export function createLoginGuard(db: Db, secrets: Secrets) {
  return {
    /** Normalised form of what was typed in the email field. */
    normalise: (identifier: string) => identifier.trim().toLowerCase(),

    /** Keyed hash of a typed identifier (never the identifier itself: it may be a password typed in the wrong field). */
    identHash(siteId: number, identifier: string): string {
      return secrets.hash('login-ident', `${siteId}:${identifier.trim().toLowerCase()}`);
    },

    identKey(siteId: number, identifier: string): string {
      return `a:${this.identHash(siteId, identifier)}`;
    },

    /** The device key of a valid device cookie of this member, or null. */
    deviceKey(userId: number, cookie: string | undefined): string | null {
      const id = secrets.verify('login-device', cookie);
      if (!id || !id.startsWith(`${userId}-`)) return null;
      return `d:${secrets.hash('login-device-key', id)}`;
    },

    /** A device cookie value for this member (a fresh device id, signed). */
    newDeviceCookie(userId: number): string {
      return secrets.sign('login-device', `${userId}-${randomBytes(12).toString('base64url')}`);
    },

    async claim(siteId: number, key: string): Promise<Attempt> {
      const row = await first<{ failed_count: number; locked_until: Date | string | null }>(
        db,
        sql`INSERT INTO login_lockouts AS l (site_id, lock_key, failed_count, window_start)
            VALUES (${siteId}, ${key}, 1, now())
            ON CONFLICT (site_id, lock_key) DO UPDATE SET
              failed_count = CASE
                WHEN l.locked_until > now() THEN l.failed_count
                WHEN l.locked_until IS NOT NULL OR l.window_start < now() - make_interval(mins => ${LOCKOUT_WINDOW_MIN}) THEN 1
                ELSE l.failed_count + 1 END,
              window_start = CASE
                WHEN l.locked_until > now() THEN l.window_start
                WHEN l.locked_until IS NOT NULL OR l.window_start < now() - make_interval(mins => ${LOCKOUT_WINDOW_MIN}) THEN now()
                ELSE l.window_start END,
              locked_until = CASE
                WHEN l.locked_until > now() THEN l.locked_until
                WHEN l.locked_until IS NULL AND l.window_start >= now() - make_interval(mins => ${LOCKOUT_WINDOW_MIN})
                     AND l.failed_count >= ${LOCKOUT_ATTEMPTS}
                  THEN now() + make_interval(mins => ${LOCKOUT_MINUTES})
                ELSE NULL END
            RETURNING failed_count, locked_until`,
      );
      const lockedMinutes = minutesUntil(row?.locked_until);
      const count = row?.failed_count ?? 1;
      return { allowed: lockedMinutes === 0 && count <= LOCKOUT_ATTEMPTS, count, lockedMinutes };
    },

    /** After the last allowed attempt of a window failed: the key is locked now. */
    async lock(siteId: number, key: string): Promise<number> {
      const row = await first<{ locked_until: Date | string }>(
        db,
        sql`UPDATE login_lockouts SET locked_until = coalesce(locked_until, now() + make_interval(mins => ${LOCKOUT_MINUTES}))
            WHERE site_id = ${siteId} AND lock_key = ${key} RETURNING locked_until`,
      );
      return Math.max(1, minutesUntil(row?.locked_until));
    },

    /** A successful login (or a password reset) ends the count of that key. */
    async clear(siteId: number, key: string, tx?: Tx): Promise<void> {
      await (tx ?? db).execute(
        sql`DELETE FROM login_lockouts WHERE site_id = ${siteId} AND lock_key = ${key}`,
      );
    },

    /** Audit rows older than the retention period and finished lockouts go (hourly job). */
    async purge(now = new Date()): Promise<void> {
      await db.execute(
        sql`DELETE FROM login_audit
            WHERE created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${LOGIN_AUDIT_RETENTION_DAYS})`,
      );
      await db.execute(
        sql`DELETE FROM login_lockouts
            WHERE coalesce(locked_until, window_start + make_interval(mins => ${LOCKOUT_WINDOW_MIN})) < ${now.toISOString()}::timestamptz`,
      );
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;

import { sql } from 'drizzle-orm';
import type { Locale, User } from '@dating/shared/contract/index';
import type { Db, RawDb } from '../../db/client';
import { first } from '../../db/sql';
import { ApiError } from '../../lib/errors';
import { loginAudit } from '../../db/schema';
import { USER_COLUMNS, USER_FROM, toUser, type UserSqlRow } from '../members';
import { verifyPassword } from './passwords';

export const LOCKOUT_ATTEMPTS = 5;
export const LOCKOUT_WINDOW_MIN = 15;
export const LOCKOUT_MINUTES = 15;

/** The signed-in member as routes see it: the contract `User` plus ids the server needs. */
export interface AuthUser extends User {
  id: number;
  siteId: number;
}

const BY_ID = `SELECT ${USER_COLUMNS}, u.site_id FROM ${USER_FROM}
  WHERE u.id = $1 AND u.status <> 'deleted' AND u.email IS NOT NULL`;

export function createUsersService(db: Db, raw: RawDb) {
  async function load(userId: number): Promise<AuthUser | null> {
    const [row] = await raw.query<UserSqlRow & { site_id: number }>(BY_ID, [userId], 'user_by_id');
    return row ? { ...toUser(row), id: row.id, siteId: row.site_id } : null;
  }

  async function lockedMinutes(siteId: number, email: string): Promise<number> {
    const row = await first<{ locked_until: Date | string | null }>(
      db,
      sql`SELECT locked_until FROM login_lockouts WHERE site_id = ${siteId} AND email = ${email}`,
    );
    if (!row?.locked_until) return 0;
    const ms = new Date(row.locked_until).getTime() - Date.now();
    return ms > 0 ? Math.ceil(ms / 60_000) : 0;
  }

  /** Counts a failure in a sliding 15-minute window; the fifth locks the address for 15 minutes. */
  async function registerFailure(siteId: number, email: string): Promise<number> {
    const row = await first<{ failed_count: number; locked_until: Date | string | null }>(
      db,
      sql`INSERT INTO login_lockouts (site_id, email, failed_count, window_start)
          VALUES (${siteId}, ${email}, 1, now())
          ON CONFLICT (site_id, email) DO UPDATE SET
            failed_count = CASE WHEN login_lockouts.window_start < now() - make_interval(mins => ${LOCKOUT_WINDOW_MIN})
                                  OR login_lockouts.locked_until IS NOT NULL
                                THEN 1 ELSE login_lockouts.failed_count + 1 END,
            window_start = CASE WHEN login_lockouts.window_start < now() - make_interval(mins => ${LOCKOUT_WINDOW_MIN})
                                  OR login_lockouts.locked_until IS NOT NULL
                                THEN now() ELSE login_lockouts.window_start END,
            locked_until = NULL
          RETURNING failed_count, locked_until`,
    );
    if ((row?.failed_count ?? 0) >= LOCKOUT_ATTEMPTS) {
      await db.execute(
        sql`UPDATE login_lockouts SET locked_until = now() + make_interval(mins => ${LOCKOUT_MINUTES})
            WHERE site_id = ${siteId} AND email = ${email}`,
      );
      return LOCKOUT_MINUTES;
    }
    return 0;
  }

  return {
    load,
    /**
     * Email + password login on one site. Throws 429 account_locked while locked, 401 login_failed otherwise.
     * Unknown emails count towards the lockout too and take as long, so answers reveal nothing.
     */
    async authenticate(
      siteId: number,
      emailInput: string,
      password: string,
      meta: { ip?: string; userAgent?: string },
    ): Promise<AuthUser> {
      const email = emailInput.trim().toLowerCase();
      const locked = await lockedMinutes(siteId, email);
      if (locked > 0) throw new ApiError(429, 'account_locked', { minutes: locked });
      const row = await first<{ id: number; password_hash: string | null }>(
        db,
        sql`SELECT id, password_hash FROM users
            WHERE site_id = ${siteId} AND lower(email) = ${email} AND status <> 'deleted' LIMIT 1`,
      );
      const ok = await verifyPassword(row?.password_hash, password);
      await db.insert(loginAudit).values({
        userId: row?.id ?? null,
        email,
        siteId,
        success: ok,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      if (!ok || !row) {
        const minutes = await registerFailure(siteId, email);
        if (minutes > 0) throw new ApiError(429, 'account_locked', { minutes });
        throw new ApiError(401, 'login_failed');
      }
      await db.execute(sql`DELETE FROM login_lockouts WHERE site_id = ${siteId} AND email = ${email}`);
      await db.execute(sql`UPDATE users SET last_seen_at = now() WHERE id = ${row.id}`);
      const user = await load(row.id);
      if (!user) throw new ApiError(401, 'login_failed');
      return user;
    },
    async setLanguage(userId: number, language: Locale): Promise<void> {
      await db.execute(sql`UPDATE users SET language = ${language} WHERE id = ${userId}`);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

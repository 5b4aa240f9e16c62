import { sql } from 'drizzle-orm';
import type { Locale } from '@dating/shared/contract/index';
import type { Db, RawDb } from '../../db/client';
import { first } from '../../db/sql';
import type { AuthUser } from '../../lib/auth';
import { ApiError } from '../../lib/errors';
import { loginAudit } from './tables';
import { USER_COLUMNS, USER_FROM, toUser, type UserSqlRow } from '../members';
import { verifyPassword } from './passwords';
import { LOCKOUT_ATTEMPTS, LOCKOUT_MINUTES, type LoginGuard } from './login-guard';

export { LOCKOUT_ATTEMPTS, LOCKOUT_MINUTES, LOCKOUT_WINDOW_MIN } from './login-guard';

// The signed-in member's type is in lib/auth.ts (the request context and other domains use it); accounts exports it.
export type { AuthUser };

const BY_ID = `SELECT ${USER_COLUMNS}, u.site_id FROM ${USER_FROM}
  WHERE u.id = $1 AND u.status <> 'deleted' AND u.email IS NOT NULL`;

export function createUsersService(db: Db, raw: RawDb, guard: LoginGuard) {
  async function load(userId: number): Promise<AuthUser | null> {
    const [row] = await raw.query<UserSqlRow & { site_id: number }>(BY_ID, [userId], 'user_by_id');
    return row ? { ...toUser(row), id: row.id, siteId: row.site_id } : null;
  }

  return {
    load,
    /**
     * Email + password login on one site. Throws 429 account_locked while the lock key is locked, 401 login_failed
     * otherwise. The attempt is counted before the password is checked (see login-guard.ts); a request with this
     * member's device cookie counts on the device's own key. Unknown emails count too and take as long.
     */
    async authenticate(
      siteId: number,
      emailInput: string,
      password: string,
      meta: { ip?: string; userAgent?: string; device?: string },
    ): Promise<AuthUser> {
      const email = guard.normalise(emailInput);
      const row = await first<{ id: number; password_hash: string | null; banned: boolean }>(
        db,
        sql`SELECT id, password_hash, banned_at IS NOT NULL AS banned FROM users
            WHERE site_id = ${siteId} AND lower(email) = ${email} AND status <> 'deleted' LIMIT 1`,
      );
      const key = (row && guard.deviceKey(row.id, meta.device)) ?? guard.identKey(siteId, email);
      const attempt = await guard.claim(siteId, key);
      if (!attempt.allowed) {
        throw new ApiError(429, 'account_locked', { minutes: attempt.lockedMinutes || LOCKOUT_MINUTES });
      }
      const ok = Boolean(row) && (await verifyPassword(row?.password_hash, password));
      if (!row) await verifyPassword(null, password);
      // No secrets in the audit: the address only when it is a member's, else
      // just the keyed hash of what was typed (a valid-looking address of nobody may still be a typo'd secret).
      await db.insert(loginAudit).values({
        userId: row?.id ?? null,
        email: row ? email : null,
        identHash: guard.identHash(siteId, email),
        siteId,
        success: ok,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      if (!ok || !row) {
        if (attempt.count >= LOCKOUT_ATTEMPTS) {
          throw new ApiError(429, 'account_locked', { minutes: await guard.lock(siteId, key) });
        }
        throw new ApiError(401, 'login_failed');
      }
      await guard.clear(siteId, key);
      // Banned by staff (docs/adr/0018-staff-back-office.md): the right password says so, the client shows /pages/ban.
      if (row.banned) throw new ApiError(403, 'account_banned');
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

import type { Locale } from '@dating/shared/contract/index';
import type { Db, RawDb } from '../../db/client';
import { defineQuery, one, pg, run } from '../../db/typed';
import type { AuthUser } from '../../lib/auth';
import { ApiError } from '../../lib/errors';
import { USER_COLUMNS, USER_FROM, USER_ROW, toUser } from '../members';
import { verifyPassword } from './passwords';
import { LOCKOUT_ATTEMPTS, LOCKOUT_MINUTES, type LoginGuard } from './login-guard';

export { LOCKOUT_ATTEMPTS, LOCKOUT_MINUTES, LOCKOUT_WINDOW_MIN } from './login-guard';

// The signed-in member's type is in lib/auth.ts (the request context and other domains use it); accounts exports it.
export type { AuthUser };

// Typed SQL (docs/adr/0040-typed-sql-not-the-query-builder.md): checked against the schema by
// db/__tests__/typed-queries.test.ts.
/** The signed-in member, read on every member request whose user is not cached. */
const byIdQuery = defineQuery({
  name: 'user_by_id',
  text: `SELECT ${USER_COLUMNS}, u.site_id FROM ${USER_FROM}
    WHERE u.id = $1 AND u.status <> 'deleted' AND u.email IS NOT NULL`,
  params: [pg.int],
  columns: { ...USER_ROW, site_id: pg.int },
});
const byEmailQuery = defineQuery({
  name: 'user_by_email',
  text: `SELECT id, password_hash, banned_at IS NOT NULL AS banned FROM users
    WHERE site_id = $1 AND lower(email) = $2 AND status <> 'deleted' LIMIT 1`,
  params: [pg.int, pg.text],
  columns: { id: pg.int, password_hash: pg.text.nullable(), banned: pg.bool },
});
const auditQuery = defineQuery({
  name: 'login_audit_insert',
  text: `INSERT INTO login_audit (user_id, email, ident_hash, site_id, success, ip, user_agent)
    VALUES ($1, $2, $3, $4, $5, $6, $7)`,
  params: [
    pg.int.nullable(),
    pg.text.nullable(),
    pg.text,
    pg.int,
    pg.bool,
    pg.text.nullable(),
    pg.text.nullable(),
  ],
  columns: {},
});
const seenQuery = defineQuery({
  name: 'user_seen',
  text: `UPDATE users SET last_seen_at = now() WHERE id = $1`,
  params: [pg.int],
  columns: {},
});
const languageQuery = defineQuery({
  name: 'user_language',
  text: `UPDATE users SET language = $2 WHERE id = $1`,
  params: [pg.int, pg.text],
  columns: {},
});

/** `db` is no longer used (every query runs on `raw`); it stays so the composition root did not change (ADR 0040). */
export function createUsersService(_db: Db, raw: RawDb, guard: LoginGuard) {
  async function load(userId: number): Promise<AuthUser | null> {
    const row = await one(raw, byIdQuery, userId);
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
      const row = await one(raw, byEmailQuery, siteId, email);
      const key = (row && guard.deviceKey(row.id, meta.device)) ?? guard.identKey(siteId, email);
      const attempt = await guard.claim(siteId, key);
      if (!attempt.allowed) {
        throw new ApiError(429, 'account_locked', { minutes: attempt.lockedMinutes || LOCKOUT_MINUTES });
      }
      const ok = Boolean(row) && (await verifyPassword(row?.password_hash, password));
      if (!row) await verifyPassword(null, password);
      // No secrets in the audit: the address only when it is a member's, else
      // just the keyed hash of what was typed (a valid-looking address of nobody may still be a typo'd secret).
      await run(
        raw,
        auditQuery,
        row?.id ?? null,
        row ? email : null,
        guard.identHash(siteId, email),
        siteId,
        ok,
        meta.ip ?? null,
        meta.userAgent?.slice(0, 300) ?? null,
      );
      if (!ok || !row) {
        if (attempt.count >= LOCKOUT_ATTEMPTS) {
          throw new ApiError(429, 'account_locked', { minutes: await guard.lock(siteId, key) });
        }
        throw new ApiError(401, 'login_failed');
      }
      await guard.clear(siteId, key);
      // Banned by staff (docs/adr/0018-staff-back-office.md): the right password says so, the client shows /pages/ban.
      if (row.banned) throw new ApiError(403, 'account_banned');
      await run(raw, seenQuery, row.id);
      const user = await load(row.id);
      if (!user) throw new ApiError(401, 'login_failed');
      return user;
    },
    async setLanguage(userId: number, language: Locale): Promise<void> {
      await run(raw, languageQuery, userId, language);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

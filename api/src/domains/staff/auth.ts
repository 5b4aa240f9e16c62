import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import {
  STAFF_ADDRESS_MAX_FAILURES,
  STAFF_IDLE_MINUTES,
  STAFF_LOCK_MINUTES,
  STAFF_MAX_FAILURES,
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_PENDING_MINUTES,
  STAFF_SESSION_HOURS,
  type StaffAccount,
  type StaffAccountCreate,
  type StaffLoginResponse,
  type StaffRole,
} from '@dating/shared/contract/staff';
import type { Db } from '../../db/client';
import { first, rows } from '../../db/sql';
import { ApiError, badInput } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';
import { hashPassword, verifyPassword } from '../accounts';
import { recordAudit, type Actor, type Audit } from '../audit';
import type { SignInAlerts } from './sign-in-alerts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const ISSUER = 'Dating staff';
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface StaffSession {
  staffId: number;
  name: string;
  email: string;
  role: StaffRole;
  stage: 'pending' | 'full';
  expiresAt: Date;
}

export interface AccountRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string | null;
  totp_enrolled_at: Date | string | null;
  totp_last_step: string | number | null;
  disabled_at: Date | string | null;
  created_at: Date | string;
  last_login_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toStaffAccount(r: AccountRow): StaffAccount {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    totp_enrolled: r.totp_enrolled_at !== null,
    disabled: r.disabled_at !== null,
    created_at: iso(r.created_at)!,
    last_login_at: iso(r.last_login_at),
  };
}

/**
 * Staff sign-in: password (argon2id, like members), then a TOTP code. Failed attempts are counted per key in
 * one UPSERT before the check (so 50 parallel guesses still meet the limit) and each failure is audited.
 *
 * Password keys (docs/adr/0028-staff-door.md): `ip:<address>` (STAFF_ADDRESS_MAX_FAILURES, failures only) and then
 * `email:<keyed hash of what was typed>` (STAFF_MAX_FAILURES); a request carrying this account's known-device
 * cookie (signed, set at each completed sign-in) counts on `device:<keyed hash>` instead, so an attacker who locks
 * an email (from anywhere) or an address does not lock the staff member out at their usual desk. Nothing typed is
 * stored: the audit keeps the account's address, or a keyed hash of an unknown input (it may be a password).
 */
export function createStaffAuth(deps: { db: Db; audit: Audit; secrets: Secrets; alerts?: SignInAlerts }) {
  const { db, audit, secrets } = deps;
  /** Counts one attempt for `key`; true when it is over `max` (the attempt must then be refused). */
  async function countAttempt(key: string, max = STAFF_MAX_FAILURES): Promise<boolean> {
    const row = await first<{ count: number }>(
      db,
      sql`INSERT INTO staff_attempts (key, count, window_start) VALUES (${key}, 1, now())
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN staff_attempts.window_start < now() - make_interval(mins => ${STAFF_LOCK_MINUTES})
                         THEN 1 ELSE staff_attempts.count + 1 END,
            window_start = CASE WHEN staff_attempts.window_start < now() - make_interval(mins => ${STAFF_LOCK_MINUTES})
                         THEN now() ELSE staff_attempts.window_start END
          RETURNING count`,
    );
    return (row?.count ?? 0) > max;
  }
  const clearAttempts = (key: string) => db.execute(sql`DELETE FROM staff_attempts WHERE key = ${key}`);
  /** A successful attempt takes its count back: the address key counts failures only. */
  const uncount = (key: string) =>
    db.execute(sql`UPDATE staff_attempts SET count = count - 1 WHERE key = ${key} AND count > 0`);

  const identHash = (typed: string) => secrets.hash('staff-login-ident', typed.trim().toLowerCase());
  /** The device key of a valid known-device cookie of this account, or null. */
  function deviceKey(staffId: number, cookie: string | undefined): string | null {
    const id = secrets.verify('staff-device', cookie);
    if (!id || !id.startsWith(`${staffId}-`)) return null;
    return `device:${secrets.hash('staff-device-key', id)}`;
  }

  async function accountByEmail(email: string) {
    return first<AccountRow>(db, sql`SELECT * FROM staff_accounts WHERE lower(email) = lower(${email})`);
  }
  async function accountById(id: number) {
    return first<AccountRow>(db, sql`SELECT * FROM staff_accounts WHERE id = ${id}`);
  }

  async function newSession(staffId: number, stage: 'pending' | 'full', ip: string | null) {
    const token = randomBytes(32).toString('base64url');
    const ms = stage === 'pending' ? STAFF_PENDING_MINUTES * 60_000 : STAFF_SESSION_HOURS * 3_600_000;
    const expiresAt = new Date(Date.now() + ms);
    await db.execute(
      sql`INSERT INTO staff_sessions (token_hash, staff_id, stage, expires_at, ip)
          VALUES (${hashToken(token)}, ${staffId}, ${stage}, ${expiresAt.toISOString()}::timestamptz, ${ip})`,
    );
    return { token, expiresAt };
  }

  async function enrolment(account: AccountRow): Promise<StaffLoginResponse> {
    let secret = account.totp_secret;
    if (!secret) {
      secret = generateSecret();
      await db.execute(
        sql`UPDATE staff_accounts SET totp_secret = ${secret} WHERE id = ${account.id} AND totp_enrolled_at IS NULL`,
      );
    }
    const uri = generateURI({ issuer: ISSUER, label: account.email, secret });
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
    return {
      stage: 'totp_enrol',
      otpauth_uri: uri,
      qr_svg_data_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      secret,
    };
  }

  return {
    accountById,

    /** A known-device cookie value for this account (a fresh device id, signed). */
    newDeviceCookie(staffId: number): string {
      return secrets.sign('staff-device', `${staffId}-${randomBytes(12).toString('base64url')}`);
    },

    /** Step 1. Returns the pending session's token and what the client shows next. */
    async login(
      email: string,
      password: string,
      ip: string | null,
      device?: string,
    ): Promise<{ token: string; answer: StaffLoginResponse }> {
      const account = await accountByEmail(email.trim());
      const actor = { id: account?.id ?? null, name: account?.name ?? null, ip };
      // What the audit keeps of the typed email: the account's own address, else only a keyed hash.
      const typed = account ? { email: account.email } : { ident_hash: identHash(email) };
      const known = account ? deviceKey(account.id, device) : null;
      const addressKey = known ? null : `ip:${ip ?? ''}`;
      const key = known ?? `email:${identHash(email)}`;
      const refused = async (reason: string) => {
        await audit.write(actor, {
          action: 'login_failed',
          targetType: account ? 'staff' : null,
          targetId: account?.id ?? null,
          after: { ...typed, reason },
        });
        await deps.alerts?.afterFailure();
      };
      // The address first: an address over its limit does not count against (and lock) the email.
      if (
        (addressKey && (await countAttempt(addressKey, STAFF_ADDRESS_MAX_FAILURES))) ||
        (await countAttempt(key))
      ) {
        await refused('rate_limited');
        throw new ApiError(429, 'rate_limited', { minutes: STAFF_LOCK_MINUTES });
      }
      const ok = await verifyPassword(account?.password_hash, password);
      if (!account || !ok || account.disabled_at !== null) {
        await refused(!account || !ok ? 'password' : 'disabled');
        throw new ApiError(401, 'login_failed');
      }
      await clearAttempts(key);
      if (addressKey) await uncount(addressKey);
      const { token } = await newSession(account.id, 'pending', ip);
      const answer: StaffLoginResponse =
        account.totp_enrolled_at === null ? await enrolment(account) : { stage: 'totp' };
      return { token, answer };
    },

    /** Step 2: a valid code turns the pending session into a full one (a new token). */
    async verifyCode(
      token: string,
      session: StaffSession,
      code: string,
      ip: string | null,
    ): Promise<{ token: string; expiresAt: Date }> {
      const account = await accountById(session.staffId);
      if (!account || account.disabled_at !== null || !account.totp_secret)
        throw new ApiError(403, 'auth_required');
      const actor = { id: account.id, name: account.name, ip };
      const key = `totp:${account.id}`;
      if (await countAttempt(key)) {
        await audit.write(actor, {
          action: 'totp_failed',
          targetType: 'staff',
          targetId: account.id,
          after: { reason: 'rate_limited' },
        });
        await deps.alerts?.afterFailure();
        // The pending session ends: the next try starts again with the password.
        await db.execute(sql`DELETE FROM staff_sessions WHERE token_hash = ${hashToken(token)}`);
        throw new ApiError(429, 'rate_limited', { minutes: STAFF_LOCK_MINUTES });
      }
      const last = account.totp_last_step === null ? undefined : Number(account.totp_last_step);
      const result = await verifyTotp({
        secret: account.totp_secret,
        token: code,
        epochTolerance: 30,
        ...(last === undefined ? {} : { afterTimeStep: last }),
      })
        .then((r) =>
          r.valid && 'timeStep' in r
            ? { valid: true as const, timeStep: r.timeStep }
            : { valid: false as const },
        )
        .catch(() => ({ valid: false as const }));
      // The step is stored only if no other request used it meanwhile (a code counts once).
      const accepted =
        result.valid &&
        (await first<{ id: number }>(
          db,
          sql`UPDATE staff_accounts SET totp_last_step = ${result.timeStep},
                totp_enrolled_at = coalesce(totp_enrolled_at, now()), last_login_at = now()
              WHERE id = ${account.id} AND (totp_last_step IS NULL OR totp_last_step < ${result.timeStep})
              RETURNING id`,
        ));
      if (!accepted) {
        await audit.write(actor, { action: 'totp_failed', targetType: 'staff', targetId: account.id });
        await deps.alerts?.afterFailure();
        throw new ApiError(401, 'totp_invalid', undefined, 'code');
      }
      await clearAttempts(key);
      await db.execute(sql`DELETE FROM staff_sessions WHERE token_hash = ${hashToken(token)}`);
      const full = await newSession(account.id, 'full', ip);
      if (account.totp_enrolled_at === null) {
        await audit.write(actor, { action: 'totp_enrolled', targetType: 'staff', targetId: account.id });
      }
      await audit.write(actor, { action: 'login', targetType: 'staff', targetId: account.id });
      return full;
    },

    /** The session of a cookie token (touching its idle clock), or null. */
    async lookup(token: string): Promise<StaffSession | null> {
      const row = await first<{
        staff_id: number;
        name: string;
        email: string;
        role: StaffRole;
        stage: 'pending' | 'full';
        expires_at: Date | string;
      }>(
        db,
        sql`UPDATE staff_sessions s SET last_seen_at = now()
            FROM staff_accounts a
            WHERE s.token_hash = ${hashToken(token)} AND a.id = s.staff_id AND a.disabled_at IS NULL
              AND s.expires_at > now()
              AND (s.stage = 'pending' OR s.last_seen_at > now() - make_interval(mins => ${STAFF_IDLE_MINUTES}))
            RETURNING s.staff_id, a.name, a.email, a.role, s.stage, s.expires_at`,
      );
      if (!row) return null;
      return {
        staffId: row.staff_id,
        name: row.name,
        email: row.email,
        role: row.role,
        stage: row.stage,
        expiresAt: new Date(row.expires_at),
      };
    },

    /** Ends the session, with the audit row `logout` in the same transaction. */
    async logout(token: string, actor: Actor & { id: number }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM staff_sessions WHERE token_hash = ${hashToken(token)}`);
        await recordAudit(tx, actor, { action: 'logout', targetType: 'staff', targetId: actor.id });
      });
    },

    async list(): Promise<StaffAccount[]> {
      return (await rows<AccountRow>(db, sql`SELECT * FROM staff_accounts ORDER BY id`)).map(toStaffAccount);
    },

    /**
     * A new account, with the audit row `staff_create` naming `actor` in the same transaction (the create-admin
     * command acts as nobody known: no creator).
     */
    async create(input: StaffAccountCreate, actor: Actor): Promise<StaffAccount> {
      const createdBy = actor.id;
      const email = input.email.trim();
      if (!EMAIL_RE.test(email) || email.length > 200) throw badInput('email', 'email_invalid');
      const name = input.name.trim();
      if (!name || name.length > 100) throw badInput('name');
      if (input.password.length < STAFF_PASSWORD_MIN_LENGTH)
        throw badInput('password', 'password_too_short', { min: STAFF_PASSWORD_MIN_LENGTH });
      const hash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const row = await first<AccountRow>(
          tx,
          sql`INSERT INTO staff_accounts (email, name, role, password_hash, created_by)
              VALUES (${email}, ${name}, ${input.role}, ${hash}, ${createdBy})
              ON CONFLICT DO NOTHING RETURNING *`,
        );
        if (!row) throw new ApiError(409, 'email_taken', undefined, 'email');
        const account = toStaffAccount(row);
        await recordAudit(tx, actor, {
          action: 'staff_create',
          targetType: 'staff',
          targetId: account.id,
          after: account,
        });
        return account;
      });
    },

    /**
     * Disables (or resets the second factor of) an account and ends its sessions, with the audit row
     * (`staff_disable`, `staff_reset_2fa`: before and after) in the same transaction; answers the account after.
     * One's own account cannot be disabled (400 `self_action`).
     */
    async change(id: number, what: 'disable' | 'reset_2fa', actor: Actor & { id: number }) {
      if (what === 'disable' && id === actor.id) throw new ApiError(400, 'self_action');
      const before = await accountById(id);
      if (!before) throw new ApiError(404, 'not_found');
      return db.transaction(async (tx) => {
        const after = await first<AccountRow>(
          tx,
          what === 'disable'
            ? sql`UPDATE staff_accounts SET disabled_at = coalesce(disabled_at, now()) WHERE id = ${id} RETURNING *`
            : sql`UPDATE staff_accounts SET totp_secret = NULL, totp_enrolled_at = NULL, totp_last_step = NULL
                  WHERE id = ${id} RETURNING *`,
        );
        await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${id}`);
        const answer = toStaffAccount(after!);
        await recordAudit(tx, actor, {
          action: what === 'disable' ? 'staff_disable' : 'staff_reset_2fa',
          targetType: 'staff',
          targetId: id,
          before: toStaffAccount(before),
          after: answer,
        });
        return answer;
      });
    },

    async purgeExpired(): Promise<void> {
      await db.execute(sql`DELETE FROM staff_sessions WHERE expires_at < now()`);
    },
  };
}
export type StaffAuth = ReturnType<typeof createStaffAuth>;

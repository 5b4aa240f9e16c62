import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { STAFF_SESSION_COOKIE, type StaffLoginResponse, type StaffRole } from '@dating/shared/contract/staff';
import { first } from '../db/sql';
import type { TestContext } from './helpers';

export const STAFF_PASSWORD = 'Staff-wachtwoord-12';
let counter = 0;

export interface StaffMember {
  id: number;
  name: string;
  email: string;
  cookie: string;
}

const cookieFrom = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === STAFF_SESSION_COOKIE);
  if (!c) throw new Error('no staff cookie');
  return `${STAFF_SESSION_COOKIE}=${c.value}`;
};

/**
 * A staff member with a full session, made directly (account row + session row): the sign-in itself (password,
 * TOTP, limits) is tested on its own in auth.test.ts. `stage: 'pending'` gives a session after the password only.
 */
export async function staffSession(
  t: TestContext,
  role: StaffRole,
  stage: 'pending' | 'full' = 'full',
): Promise<StaffMember> {
  const n = ++counter;
  const email = `staff-${role}-${n}-${randomBytes(3).toString('hex')}@example.com`;
  const name = `${role === 'admin' ? 'Admin' : 'Operator'} ${n}`;
  const row = await first<{ id: number }>(
    t.app.db,
    sql`INSERT INTO staff_accounts (email, name, role, password_hash, totp_enrolled_at)
        VALUES (${email}, ${name}, ${role}, 'not-a-hash', now()) RETURNING id`,
  );
  const token = randomBytes(32).toString('base64url');
  await t.app.db.execute(
    sql`INSERT INTO staff_sessions (token_hash, staff_id, stage, expires_at)
        VALUES (${createHash('sha256').update(token).digest('base64url')}, ${row!.id}, ${stage}, now() + interval '1 hour')`,
  );
  return { id: row!.id, name, email, cookie: `${STAFF_SESSION_COOKIE}=${token}` };
}

/** The real sign-in over HTTP: password, then (enrolling when needed) a TOTP code. */
export async function staffLogin(
  t: TestContext,
  email: string,
  password = STAFF_PASSWORD,
  /** Time steps ahead (30 s each): a second login within one step needs the next code (a code counts once). */
  stepsAhead = 0,
): Promise<{ cookie: string; secret: string | null; login: StaffLoginResponse }> {
  const res = await t.call({ method: 'POST', url: '/api/staff/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`staff login ${res.statusCode} ${res.body}`);
  const login = res.json<StaffLoginResponse>();
  const pending = cookieFrom(res);
  const secret =
    login.stage === 'totp_enrol'
      ? login.secret
      : ((
          await first<{ totp_secret: string }>(
            t.app.db,
            sql`SELECT totp_secret FROM staff_accounts WHERE lower(email) = lower(${email})`,
          )
        )?.totp_secret ?? null);
  const code = await generate({ secret: secret!, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
  const done = await t.call({ method: 'POST', url: '/api/staff/totp', cookie: pending, payload: { code } });
  if (done.statusCode !== 200) throw new Error(`staff totp ${done.statusCode} ${done.body}`);
  return { cookie: cookieFrom(done), secret, login };
}

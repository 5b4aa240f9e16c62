import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import {
  STAFF_ADDRESS_MAX_FAILURES,
  STAFF_ALERT_THRESHOLD,
  STAFF_DEVICE_COOKIE,
  STAFF_MAX_FAILURES,
  STAFF_SESSION_COOKIE,
  type StaffDashboard,
} from '@dating/shared/contract/staff';
import { createTestApp, type TestContext } from '../../src/testing/helpers';
import { STAFF_PASSWORD, staffSession } from '../../src/testing/staff';

/**
 * The staff door (docs/adr/0028-staff-door.md): nobody can lock staff out from the outside. Sign-in failures are limited per
 * typed email and per address; a staff member's known device (the `staff_did` cookie of a completed sign-in) keeps
 * its own count; the admins see the failures on the dashboard and get a mail past a threshold. Item 3: nothing
 * typed that is not an account's address is stored, in the staff audit log or in the members' login audit.
 */
jest.setTimeout(120_000);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t.close());

let ips = 0;
/** A fresh address from a documentation range, so earlier tests' failures do not count. */
const newIp = () => `203.0.113.${++ips}`;
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

const login = (email: string, password: string, ip: string, device?: string) =>
  t.call({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email, password },
    remoteAddress: ip,
    ...(device ? { cookie: `${STAFF_DEVICE_COOKIE}=${device}` } : {}),
  });

async function newStaff(role: 'operator' | 'admin' = 'operator') {
  const email = `staff-${randomBytes(4).toString('hex')}@example.com`;
  const account = await t.app.services.staff.auth.create(
    { email, name: `Staff ${email.slice(6, 10)}`, role, password: STAFF_PASSWORD },
    { id: null, name: 'test set-up', ip: null },
  );
  return { ...account, email };
}

/** Password and code at `ip`: the known-device cookie the browser keeps. */
async function signInFully(email: string, ip: string): Promise<string> {
  const first = await login(email, STAFF_PASSWORD, ip);
  expect(first.statusCode).toBe(200);
  const body = first.json<{ stage: string; secret?: string }>();
  const secret =
    body.secret ??
    (
      await t.app.database.raw.query<{ totp_secret: string }>(
        'SELECT totp_secret FROM staff_accounts WHERE email = $1',
        [email],
      )
    )[0]!.totp_secret;
  const pending = cookieOf(first, STAFF_SESSION_COOKIE)!.value;
  const done = await t.call({
    method: 'POST',
    url: '/api/staff/totp',
    cookie: `${STAFF_SESSION_COOKIE}=${pending}`,
    payload: { code: await generate({ secret }) },
    remoteAddress: ip,
  });
  expect(done.statusCode).toBe(200);
  const device = cookieOf(done, STAFF_DEVICE_COOKIE)!;
  expect(device).toMatchObject({ httpOnly: true, path: '/api/staff/login', sameSite: 'Strict' });
  return device.value;
}

describe('the staff sign-in cannot be locked from the outside', () => {
  test(`one address gets ${STAFF_ADDRESS_MAX_FAILURES} failed sign-ins, over any emails, then 429; others still try`, async () => {
    const ip = newIp();
    for (let i = 0; i < STAFF_ADDRESS_MAX_FAILURES; i++) {
      // A new email each time: no email reaches its own limit.
      expect((await login(`nobody-${i}@example.com`, 'wrong-password', ip)).statusCode).toBe(401);
    }
    const staff = await newStaff();
    const blocked = await login(staff.email, STAFF_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    // The address's failures did not count against the email: the right password from elsewhere gets in.
    expect((await login(staff.email, STAFF_PASSWORD, newIp())).statusCode).toBe(200);
  });

  test(`50 parallel guesses from one address: at most ${STAFF_ADDRESS_MAX_FAILURES} passwords are checked`, async () => {
    const ip = newIp();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(`parallel-${i}@example.com`, 'wrong-password', ip)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(STAFF_ADDRESS_MAX_FAILURES);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - STAFF_ADDRESS_MAX_FAILURES);
  });

  test('a successful sign-in does not count against its address', async () => {
    const staff = await newStaff();
    const ip = newIp();
    for (let i = 0; i < STAFF_ADDRESS_MAX_FAILURES + 5; i++) {
      expect((await login(staff.email, STAFF_PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  test('an attacker locks the email everywhere, but not the staff member at their usual device', async () => {
    const staff = await newStaff();
    const desk = newIp();
    const device = await signInFully(staff.email, desk);

    // Guesses from many addresses (each under its address limit) lock the email.
    for (let i = 0; i < STAFF_MAX_FAILURES; i++) {
      expect((await login(staff.email, 'guess-password', newIp())).statusCode).toBe(401);
    }
    expect((await login(staff.email, 'guess-password', newIp())).statusCode).toBe(429);
    // Without the device cookie, even the right password and the usual address wait.
    expect((await login(staff.email, STAFF_PASSWORD, desk)).statusCode).toBe(429);
    // A forged cookie is no cookie, nor is another staff member's device.
    expect(
      (await login(staff.email, STAFF_PASSWORD, desk, `${device.split('.')[0]}.forged`)).statusCode,
    ).toBe(429);
    const other = await newStaff();
    const otherDevice = await signInFully(other.email, newIp());
    expect((await login(staff.email, STAFF_PASSWORD, desk, otherDevice)).statusCode).toBe(429);
    // The staff member's own browser gets in.
    const mine = await login(staff.email, STAFF_PASSWORD, desk, device);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ stage: 'totp' });
  });

  test('an address locked by an attacker next to the desk (one office address) does not lock the known device', async () => {
    const staff = await newStaff();
    const office = newIp();
    const device = await signInFully(staff.email, office);
    for (let i = 0; i < STAFF_ADDRESS_MAX_FAILURES + 1; i++) {
      await login(`someone-${i}@example.com`, 'wrong-password', office);
    }
    expect((await login(staff.email, STAFF_PASSWORD, office)).statusCode).toBe(429);
    expect((await login(staff.email, STAFF_PASSWORD, office, device)).statusCode).toBe(200);
  });

  test('guesses with a stolen device cookie are limited on that device', async () => {
    const staff = await newStaff();
    const device = await signInFully(staff.email, newIp());
    for (let i = 0; i < STAFF_MAX_FAILURES; i++) {
      expect((await login(staff.email, 'guess-password', newIp(), device)).statusCode).toBe(401);
    }
    expect((await login(staff.email, STAFF_PASSWORD, newIp(), device)).statusCode).toBe(429);
    // The device's count is its own: the email (no failures on it) is open to another client.
    expect((await login(staff.email, STAFF_PASSWORD, newIp())).statusCode).toBe(200);
  });
});

describe('no typed secrets in the audit tables', () => {
  const dump = async () =>
    JSON.stringify([
      await t.app.database.raw.query('SELECT * FROM staff_audit'),
      await t.app.database.raw.query('SELECT * FROM staff_attempts'),
      await t.app.database.raw.query('SELECT * FROM login_audit'),
      await t.app.database.raw.query('SELECT * FROM login_lockouts'),
    ]).toLowerCase();

  test('staff: a password typed as the email, or an address of no account, is kept only as a keyed hash', async () => {
    const typed = 'Mijn-Geheime-Wachtwoord-77';
    const stranger = `Not.Staff.${randomBytes(3).toString('hex')}@Example.com`;
    expect((await login(typed, 'x', newIp())).statusCode).toBe(401);
    expect((await login(stranger, 'x', newIp())).statusCode).toBe(401);
    const text = await dump();
    expect(text).not.toContain(typed.toLowerCase());
    expect(text).not.toContain(stranger.toLowerCase());
    const [row] = await t.app.database.raw.query<{ staff_id: number | null; after: Record<string, string> }>(
      `SELECT staff_id, after FROM staff_audit WHERE action = 'login_failed' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ staff_id: null, after: { reason: 'password' } });
    expect(Object.keys(row!.after).sort()).toEqual(['ident_hash', 'reason']);
    expect(row!.after.ident_hash).toMatch(/^[\w-]{40,}$/);
  });

  test("staff: a failure on an account keeps the account's own address", async () => {
    const staff = await newStaff();
    await login(`  ${staff.email.toUpperCase()} `, 'wrong-password', newIp());
    const [row] = await t.app.database.raw.query<{ staff_id: number; after: Record<string, string> }>(
      `SELECT staff_id, after FROM staff_audit WHERE action = 'login_failed' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({ staff_id: staff.id, after: { email: staff.email, reason: 'password' } });
  });

  test("members: a valid-looking address of no member is not stored, a member's address is", async () => {
    const nobody = `no.member.${randomBytes(3).toString('hex')}@example.com`;
    await t.call({ method: 'POST', url: '/api/user.php', payload: { email: nobody, password: 'x' } });
    expect(await dump()).not.toContain(nobody);
    const [row] = await t.app.database.raw.query<{ email: string | null; ident_hash: string }>(
      'SELECT email, ident_hash FROM login_audit ORDER BY id DESC LIMIT 1',
    );
    expect(row!.email).toBeNull();
    expect(row!.ident_hash).toMatch(/^[\w-]{40,}$/);
  });
});

describe('failed staff sign-ins alert the admins', () => {
  let a: TestContext;
  beforeAll(async () => {
    a = await createTestApp({ profiles: 0 });
  });
  afterAll(() => a.close());

  const fail = (i: number) =>
    a.call({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: `guess-${i}@example.com`, password: 'wrong-password' },
      remoteAddress: `198.51.100.${(i % 3) + 1}`,
    });
  const alerts = async () =>
    (await a.app.services.mail.outbox(undefined, 100)).filter((m) => m.template === 'staff_sign_in_alert');

  test(`the dashboard shows admins the failures; at ${STAFF_ALERT_THRESHOLD} in an hour every admin gets one mail`, async () => {
    const admin = await staffSession(a, 'admin');
    const second = await staffSession(a, 'admin');
    const operator = await staffSession(a, 'operator');
    for (let i = 0; i < STAFF_ALERT_THRESHOLD - 1; i++) expect((await fail(i)).statusCode).toBe(401);
    expect(await alerts()).toEqual([]);

    const board = async (cookie: string) =>
      (await a.call({ method: 'GET', url: '/api/staff/dashboard', cookie })).json<StaffDashboard>();
    expect((await board(operator.cookie)).sign_in_failures).toBeNull();
    expect((await board(admin.cookie)).sign_in_failures).toEqual({
      last_hour: STAFF_ALERT_THRESHOLD - 1,
      last_day: STAFF_ALERT_THRESHOLD - 1,
      rate_limited_day: 0,
      alert_threshold: STAFF_ALERT_THRESHOLD,
      addresses: [
        { ip: '198.51.100.1', count: Math.ceil((STAFF_ALERT_THRESHOLD - 1) / 3) },
        { ip: '198.51.100.2', count: Math.ceil((STAFF_ALERT_THRESHOLD - 2) / 3) },
        { ip: '198.51.100.3', count: Math.ceil((STAFF_ALERT_THRESHOLD - 3) / 3) },
      ],
    });

    // The threshold is crossed by many failures at once: still one mail per admin.
    await Promise.all(Array.from({ length: 10 }, (_, i) => fail(1000 + i)));
    const sent = await alerts();
    expect(sent.map((m) => m.to).sort()).toEqual([admin.email, second.email].sort());
    expect(sent[0]!.subject).toMatch(/\d+/);
    expect(sent[0]!.text).toContain('/staff/audit');
    // More failures within the hour: no further mail.
    await fail(2000);
    expect(await alerts()).toHaveLength(2);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { STAFF_MAX_FAILURES, STAFF_SESSION_COOKIE, staffPath } from '@dating/shared/contract/staff';
import { rows } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { STAFF_PASSWORD, staffLogin } from '../../../testing/staff';
import { createAdmin } from '../create-admin';

const ADMIN = 'first-admin@example.com';
let t: TestContext;
let dataDir: string;
let schema: string | undefined;

beforeAll(async () => {
  // The command runs first, on the database the app then opens (files or a PostgreSQL schema of its own).
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'staff-auth-'));
  schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const env = {
    DATA_DIR: dataDir,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    SEED_DEMO: '0',
    MAIL_OUTBOX_ONLY: '1',
  };
  const lines: string[] = [];
  const out = {
    log: (s: string) => lines.push(s),
    error: (s: string) => lines.push(s),
  } as unknown as Console;
  expect(await createAdmin(['--email', ADMIN], env, out)).toBe(2);
  expect(await createAdmin(['--email', ADMIN, '--password', 'short'], env, out)).toBe(1);
  expect(lines.pop()).toBe('password_too_short (password)');
  expect(
    await createAdmin(['--email', ADMIN, '--password', STAFF_PASSWORD, '--name', 'Anna'], env, out),
  ).toBe(0);
  expect(await createAdmin(['--email', ADMIN, '--password', STAFF_PASSWORD], env, out)).toBe(1);
  expect(lines.pop()).toBe('email_taken (email)');
  t = await createTestApp({ profiles: 1, dataDir, dbSchema: schema, inMemoryDb: false });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
  if (schema) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
});

const staffCookie = (res: { cookies: { name: string; value: string }[] }) =>
  `${STAFF_SESSION_COOKIE}=${res.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)!.value}`;
const audit = (action: string) =>
  rows<{ staff_id: number | null; after: Record<string, unknown> | null }>(
    t.app.db,
    sql`SELECT staff_id, after FROM staff_audit WHERE action = ${action} ORDER BY id`,
  );

test('the first admin enrols TOTP at the first login: QR code, a wrong code refused and audited, then in', async () => {
  const login = await t.call({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email: ADMIN, password: STAFF_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const body = login.json();
  expect(body.stage).toBe('totp_enrol');
  expect(body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  expect(body.qr_svg_data_url).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(Buffer.from(body.qr_svg_data_url.split(',')[1], 'base64').toString()).toContain('<svg');
  const pending = staffCookie(login);

  // Between the two steps: only me/totp/logout.
  const me = await t.call({ method: 'GET', url: '/api/staff/me', cookie: pending });
  expect(me.json()).toMatchObject({ stage: 'pending', role: 'admin', name: 'Anna' });
  expect((await t.call({ method: 'GET', url: '/api/staff/dashboard', cookie: pending })).statusCode).toBe(
    403,
  );

  const wrong = await t.call({
    method: 'POST',
    url: '/api/staff/totp',
    cookie: pending,
    payload: { code: '000000' },
  });
  expect(wrong.statusCode).toBe(401);
  expect(wrong.json().error).toMatchObject({ code: 'totp_invalid', field: 'code' });
  expect((await audit('totp_failed')).length).toBe(1);

  const code = await generate({ secret: body.secret });
  const ok = await t.call({ method: 'POST', url: '/api/staff/totp', cookie: pending, payload: { code } });
  expect(ok.statusCode).toBe(200);
  expect(ok.json()).toMatchObject({ stage: 'full', role: 'admin' });
  const full = staffCookie(ok);
  expect(full).not.toBe(pending);
  // The pending token is gone; the full one opens the staff routes.
  expect((await t.call({ method: 'GET', url: '/api/staff/me', cookie: pending })).statusCode).toBe(403);
  expect((await t.call({ method: 'GET', url: '/api/staff/dashboard', cookie: full })).statusCode).toBe(200);
  expect((await audit('totp_enrolled')).length).toBe(1);
  expect((await audit('login')).length).toBe(1);

  // The same code a second time (another login within its window) is refused: a code counts once.
  const again = await t.call({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email: ADMIN, password: STAFF_PASSWORD },
  });
  expect(again.json()).toEqual({ stage: 'totp' });
  const replay = await t.call({
    method: 'POST',
    url: '/api/staff/totp',
    cookie: staffCookie(again),
    payload: { code },
  });
  expect(replay.statusCode).toBe(401);
});

test('an admin creates an operator, who enrols and signs in; the operator cannot reach admin routes', async () => {
  // The previous test used the current time step's code: this login takes the next one.
  const { cookie: admin } = await staffLogin(t, ADMIN, STAFF_PASSWORD, 1);
  const bad = await t.call({
    method: 'POST',
    url: '/api/staff/accounts',
    cookie: admin,
    payload: { email: 'op@example.com', name: 'Otto', role: 'operator', password: 'short' },
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error).toMatchObject({ code: 'password_too_short', field: 'password' });
  const created = await t.call({
    method: 'POST',
    url: '/api/staff/accounts',
    cookie: admin,
    payload: { email: 'op@example.com', name: 'Otto', role: 'operator', password: STAFF_PASSWORD },
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ role: 'operator', totp_enrolled: false, disabled: false });
  const dup = await t.call({
    method: 'POST',
    url: '/api/staff/accounts',
    cookie: admin,
    payload: { email: 'OP@example.com', name: 'Otto 2', role: 'operator', password: STAFF_PASSWORD },
  });
  expect(dup.statusCode).toBe(409);
  expect(dup.json().error.code).toBe('email_taken');

  const op = await staffLogin(t, 'op@example.com');
  expect(op.login.stage).toBe('totp_enrol');
  expect((await t.call({ method: 'GET', url: '/api/staff/queue', cookie: op.cookie })).statusCode).toBe(200);
  expect((await t.call({ method: 'GET', url: '/api/staff/sites', cookie: op.cookie })).statusCode).toBe(403);

  // Reset 2FA: sessions end, the next login enrols again.
  const id = created.json().id as number;
  const reset = await t.call({ method: 'POST', url: staffPath('accountReset2fa', id), cookie: admin });
  expect(reset.json().totp_enrolled).toBe(false);
  expect((await t.call({ method: 'GET', url: '/api/staff/me', cookie: op.cookie })).statusCode).toBe(403);
  const relogin = await t.call({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email: 'op@example.com', password: STAFF_PASSWORD },
  });
  expect(relogin.json().stage).toBe('totp_enrol');
  expect(relogin.json().secret).not.toBe(op.secret);

  // Every action is in the audit log, readable by staff.
  const log = await t.call({ method: 'GET', url: '/api/staff/audit?action=staff_create', cookie: admin });
  expect(log.json().entries.map((e: { target_id: number }) => e.target_id)).toContain(id);
});

test(`failed passwords are limited atomically: of 30 parallel wrong tries ${STAFF_MAX_FAILURES} are checked, all audited`, async () => {
  const email = 'target@example.com';
  await t.app.services.staff.auth.create(
    { email, name: 'Target', role: 'operator', password: STAFF_PASSWORD },
    { id: null, name: 'test set-up', ip: null },
  );
  const results = await Promise.all(
    Array.from({ length: 30 }, () =>
      t.call({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email, password: 'wrong-password-123' },
        // An address of its own: the per-address limit (api/test/security/staff-login.test.ts) is not tested here.
        remoteAddress: '192.0.2.30',
      }),
    ),
  );
  const codes = results.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 401)).toHaveLength(STAFF_MAX_FAILURES);
  expect(codes.filter((c) => c === 429)).toHaveLength(30 - STAFF_MAX_FAILURES);
  expect(results.find((r) => r.statusCode === 429)!.json().error.code).toBe('rate_limited');
  // Locked: even the right password waits for the window to pass.
  const right = await t.call({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email, password: STAFF_PASSWORD },
  });
  expect(right.statusCode).toBe(429);
  const failed = (await audit('login_failed')).filter((a) => a.after?.email === email);
  expect(failed).toHaveLength(31);
  // An unknown address is refused the same way and audited without a staff id.
  const unknown = await t.call({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email: 'nobody@example.com', password: 'whatever-password' },
  });
  expect(unknown.statusCode).toBe(401);
  expect(unknown.json().error.code).toBe('login_failed');
  // What was typed is not an account's address: only its keyed hash is kept (docs/adr/0028-staff-door.md).
  const last = (await audit('login_failed')).pop()!;
  expect(last.staff_id).toBeNull();
  expect(last.after).toEqual({ ident_hash: expect.stringMatching(/^[\w-]{40,}$/), reason: 'password' });
});

test('the audit log is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
  const before = (await rows<{ n: string }>(t.app.db, sql`SELECT count(*)::text AS n FROM staff_audit`))[0]!
    .n;
  const refusal = (query: ReturnType<typeof sql>) =>
    t.app.db.execute(query).then(
      () => 'accepted',
      (err: { message: string; cause?: { message?: string } }) => err.cause?.message ?? err.message,
    );
  expect(await refusal(sql`UPDATE staff_audit SET action = 'x'`)).toMatch(/append-only/);
  expect(await refusal(sql`DELETE FROM staff_audit`)).toMatch(/append-only/);
  expect(await refusal(sql`TRUNCATE staff_audit`)).toMatch(/append-only/);
  const after = (await rows<{ n: string }>(t.app.db, sql`SELECT count(*)::text AS n FROM staff_audit`))[0]!.n;
  expect(after).toBe(before);
});

test(`wrong codes are limited too: after ${STAFF_MAX_FAILURES} the pending session ends; parallel guesses cannot pass the limit`, async () => {
  const email = 'guesser@example.com';
  await t.app.services.staff.auth.create(
    { email, name: 'Guesser', role: 'operator', password: STAFF_PASSWORD },
    { id: null, name: 'test set-up', ip: null },
  );
  const login = await t.call({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email, password: STAFF_PASSWORD },
  });
  const pending = staffCookie(login);
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      t.call({
        method: 'POST',
        url: '/api/staff/totp',
        cookie: pending,
        payload: { code: String(100000 + i) },
      }),
    ),
  );
  const codes = results.map((r) => r.statusCode);
  // A 403 is a guess that came after the session had already ended.
  expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(STAFF_MAX_FAILURES);
  expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1);
  expect(codes.every((c) => c === 401 || c === 429 || c === 403)).toBe(true);
  expect((await t.call({ method: 'GET', url: '/api/staff/me', cookie: pending })).statusCode).toBe(403);
  const id = (await t.app.services.staff.auth.list()).find((a) => a.email === email)!.id;
  const failed = await rows<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM staff_audit WHERE action = 'totp_failed' AND staff_id = ${id}`,
  );
  expect(failed[0]!.n).toBe(codes.filter((c) => c !== 403).length);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { configFromEnv } from '../../../config';
import { openDatabase } from '../../../db/client';
import { first as firstRow } from '../../../db/sql';

// Three things start here (two servers, one database check) on a machine that may run the whole suite at once.
jest.setTimeout(420_000);

/**
 * kill -9 after the provider reported "paid" but before the crediting transaction: the server is a child process
 * (tsx on src/server.ts) with PAYMENTS_FAULT=crash_before_credit, which SIGKILLs itself at exactly that point.
 * After a restart the reconciliation job finds the open payment, asks the test provider and credits it once.
 * PGlite files in DATA_DIR by default; a fresh PostgreSQL schema when DATABASE_URL is set.
 */
const SERVER = path.resolve(__dirname, '../../../server.ts');
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

let dataDir: string;
const schema = `crash_${randomBytes(5).toString('hex')}`;
let child: ChildProcess | null = null;

function start(port: number, env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: '1',
      SEED_PROFILES: '0',
      LOG_LEVEL: 'warn',
      PAYMENT_RECHECK_SECONDS: '0',
      ...(process.env.DATABASE_URL
        ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child = proc;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let i = 0; i < 600; i++) {
      if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      const ok = await fetch(`${base}/api/settings.php`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not start: ${stderr}`);
  })();
  return { base, ready, exited, stop: () => proc.kill('SIGTERM') };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-crash-'));
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.on('exit', r));
  }
  if (process.env.DATABASE_URL) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
  await rm(dataDir, { recursive: true, force: true });
});

test('killed with -9 between "paid" and crediting: credited exactly once after the restart', async () => {
  const port = await freePort();
  const first = start(port, { PAYMENTS_FAULT: 'crash_before_credit', PAYMENT_RECONCILE_MS: '0' });
  await first.ready;
  const signup = await fetch(`${first.base}/api/signup.php`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Crash Test',
      gender: 'male',
      seeking: 'female',
      date_of_birth: '1985-05-05',
      email: `crash-${Date.now()}@example.org`,
      password: 'Sterk-wachtwoord-1',
      locale: 'nl',
    }),
  });
  expect(signup.status).toBe(201);
  const cookie = signup.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!;
  const headers = { ...XHR, cookie, 'content-type': 'application/json' };
  const credits = async (base: string) =>
    ((await (await fetch(`${base}/api/user.php`, { headers })).json()) as { user: { credits: number } }).user
      .credits;
  const before = await credits(first.base);
  const { packages } = (await (await fetch(`${first.base}/api/packages.php`, { headers })).json()) as {
    packages: { id: number; credits: number }[];
  };
  const pkg = packages[0]!;
  const created = await fetch(`${first.base}/api/order.php`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ package_id: pkg.id, method: 'ideal' }),
  });
  expect(created.status).toBe(201);
  const { order } = (await created.json()) as { order: { id: number; payment_id: string } };

  // The payer pays; the "PSP" posts our webhook; the server fetches "paid" and dies before crediting.
  await fetch(`${first.base}/pay/test/${order.payment_id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=paid',
    redirect: 'manual',
  }).catch(() => null);
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

  // Nothing was credited by the dead process: the order is open, the provider says paid (read from the database).
  const env = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  };
  const database = await openDatabase(configFromEnv(env));
  try {
    const row = await firstRow<{ status: string; credited_at: string | null; provider: string }>(
      database.db,
      sql`SELECT o.status, o.credited_at, t.status AS provider FROM orders o
          JOIN payments p ON p.order_id = o.id JOIN test_provider_payments t ON t.id = p.provider_id
          WHERE o.id = ${order.id}`,
    );
    expect(row).toEqual({ status: 'pending', credited_at: null, provider: 'paid' });
  } finally {
    await database.close();
  }

  // Restarted with the job: the open payment is asked about and credited once.
  const third = start(port, { PAYMENT_RECONCILE_MS: '200' });
  await third.ready;
  let now = before;
  for (let i = 0; i < 100 && now === before; i++) {
    await new Promise((r) => setTimeout(r, 200));
    now = await credits(third.base);
  }
  expect(now).toBe(before + pkg.credits);
  await new Promise((r) => setTimeout(r, 1000));
  expect(await credits(third.base)).toBe(before + pkg.credits);
  const view = await fetch(`${third.base}/api/order.php?id=${order.id}`, { headers });
  expect(((await view.json()) as { order: { status: string } }).order.status).toBe('completed');
  third.stop();
  await third.exited;
});

test('killed with -9 between "provider accepted the charge" and "recorded": found and credited once after the restart', async () => {
  const port = await freePort();
  const first = start(port, { PAYMENTS_FAULT: 'crash_after_charge', PAYMENT_RECONCILE_MS: '0' });
  await first.ready;
  const signup = await fetch(`${first.base}/api/signup.php`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Crash Charge',
      gender: 'male',
      seeking: 'female',
      date_of_birth: '1985-05-05',
      email: `crash-charge-${Date.now()}@example.org`,
      password: 'Sterk-wachtwoord-1',
      locale: 'nl',
    }),
  });
  expect(signup.status).toBe(201);
  const cookie = signup.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!;
  const headers = { ...XHR, cookie, 'content-type': 'application/json' };
  const credits = async (base: string) =>
    ((await (await fetch(`${base}/api/user.php`, { headers })).json()) as { user: { credits: number } }).user
      .credits;
  const { packages } = (await (await fetch(`${first.base}/api/packages.php`, { headers })).json()) as {
    packages: { id: number; credits: number }[];
  };
  const pkg = packages[0]!;
  // A first card payment (a mandate), paid at the test checkout: credited as usual.
  const created = await fetch(`${first.base}/api/order.php`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ package_id: pkg.id, method: 'creditcard' }),
  });
  const { order } = (await created.json()) as { order: { id: number; payment_id: string } };
  await fetch(`${first.base}/pay/test/${order.payment_id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=paid',
    redirect: 'manual',
  });
  const before = await credits(first.base);
  expect(before).toBeGreaterThanOrEqual(pkg.credits);

  // The repeat order: recorded, the provider accepts the charge, the server dies before storing its answer.
  await fetch(`${first.base}/api/repeat-order.php`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `crash-${Date.now()}-key-0001` },
    body: '{}',
  }).catch(() => null);
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

  const env = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  };
  const database = await openDatabase(configFromEnv(env));
  let repeatId: number;
  try {
    // Recorded before the call: the order and its payment (no provider id); the provider has the charge, paid.
    const row = await firstRow<{ id: number; status: string; provider_id: string | null; provider: string }>(
      database.db,
      sql`SELECT o.id, o.status, p.provider_id, t.status AS provider FROM orders o
          JOIN payments p ON p.order_id = o.id
          JOIN test_provider_payments t ON t.idempotency_key = p.idempotency_key
          WHERE o.recurring ORDER BY o.id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ status: 'pending', provider_id: null, provider: 'paid' });
    repeatId = row!.id;
  } finally {
    await database.close();
  }

  const second = start(port, { PAYMENT_RECONCILE_MS: '200' });
  await second.ready;
  let now = before;
  for (let i = 0; i < 100 && now === before; i++) {
    await new Promise((r) => setTimeout(r, 200));
    now = await credits(second.base);
  }
  expect(now).toBe(before + pkg.credits);
  await new Promise((r) => setTimeout(r, 1000));
  expect(await credits(second.base)).toBe(before + pkg.credits);
  const view = await fetch(`${second.base}/api/order.php?id=${repeatId}`, { headers });
  expect(((await view.json()) as { order: { status: string } }).order.status).toBe('completed');
  second.stop();
  await second.exited;
});

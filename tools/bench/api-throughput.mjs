#!/usr/bin/env node
// API throughput: starts the built api (api/dist/server.js, built if missing) on a free port against PostgreSQL
// in a fresh schema, seeds the demo data, then runs autocannon (100 connections, ~10 s each) against a bare hello
// route and against settings, members and chats (logged in as the demo member). Prints req/s, p99 and the ratio to
// the bare route; the target is at least 40 % of bare for each endpoint.
//   node tools/bench/api-throughput.mjs            (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
//   BENCH_DURATION=5 BENCH_CONNECTIONS=50 node tools/bench/api-throughput.mjs
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_DB = 'postgres://postgres@127.0.0.1:5432/test';
export const TARGET_RATIO = 0.4;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms / 1000} s`);
}

async function dropSchema(databaseUrl, schema) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Starts the server, benchmarks, stops it; returns the rows. */
export async function run({
  databaseUrl = process.env.DATABASE_URL || DEFAULT_DB,
  duration,
  connections,
  log = console.log,
} = {}) {
  const server = path.join(ROOT, 'api', 'dist', 'server.js');
  if (!fs.existsSync(server)) {
    const built = spawnSync(process.execPath, ['build.mjs'], {
      cwd: path.join(ROOT, 'api'),
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('api build failed');
  }
  duration ??= Number(process.env.BENCH_DURATION ?? 10);
  connections ??= Number(process.env.BENCH_CONNECTIONS ?? 100);
  const port = await freePort();
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [server], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MAIL_OUTBOX_ONLY: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      BENCH: '1',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await waitFor(`${base}/api/_bench/hello`);
    const login = await fetch(`${base}/api/user.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
      body: 'email=demo%40example.com&password=Demo-1234',
    });
    if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
    const sid = /sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    const cookie = `sid=${sid}`;
    const targets = [
      { name: 'bare /api/_bench/hello', path: '/api/_bench/hello' },
      // Reference, not a target: the same route plus one PostgreSQL round trip (SELECT 1).
      { name: 'ref: one SELECT 1', path: '/api/_bench/db', reference: true },
      { name: 'GET /api/settings.php', path: '/api/settings.php' },
      { name: 'GET /api/members.php', path: '/api/members.php', headers: { cookie } },
      { name: 'GET /api/chats.php', path: '/api/chats.php', headers: { cookie } },
    ];
    const rows = [];
    for (const target of targets) {
      // A short warm-up fills caches and JIT before the measured run.
      await cannon({ url: base + target.path, connections: 10, duration: 1, headers: target.headers });
      const result = await cannon({
        url: base + target.path,
        connections,
        duration,
        headers: target.headers,
      });
      const bad = result.non2xx + result.errors + result.timeouts;
      rows.push({
        name: target.name,
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: bad,
        reference: Boolean(target.reference),
      });
    }
    const bare = rows[0].rps || 1;
    log(
      `\n${'endpoint'.padEnd(26)}${'req/s'.padStart(10)}${'p99 ms'.padStart(9)}${'vs bare'.padStart(9)}  errors`,
    );
    for (const row of rows) {
      row.ratio = row.rps / bare;
      const flag =
        row === rows[0] || row.reference
          ? ''
          : row.ratio >= TARGET_RATIO
            ? '  ok'
            : `  below ${TARGET_RATIO * 100} %`;
      log(
        `${row.name.padEnd(26)}${row.rps.toFixed(0).padStart(10)}${String(row.p99).padStart(9)}${`${(row.ratio * 100).toFixed(0)} %`.padStart(9)}  ${row.errors}${flag}`,
      );
    }
    log(
      `(${connections} connections, ${duration} s each, PostgreSQL schema ${schema}, ${os.cpus().length} CPUs shared with autocannon)`,
    );
    return rows;
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    await dropSchema(databaseUrl, schema).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  run().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

#!/usr/bin/env node
// Paid message throughput (issue 9): POST /api/messages.php (a text message, debited from the ledger in the same
// transaction, a new client id per request) against a bare Fastify "hello" server started in this same script,
// side by side on the same machine. Target: the send at least 40 % of bare's requests per second.
//   node tools/bench/chat-send.mjs            (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
//   BENCH_DURATION=5 BENCH_CONNECTIONS=50 node tools/bench/chat-send.mjs
// The api is the built one (api/dist/server.js; built if missing), NODE_ENV=production, on PostgreSQL in a fresh
// schema (dropped afterwards); BENCH_SENDERS (50) paid members with sessions and credits for the whole run, each
// writing to its own profile.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_DB = 'postgres://postgres@127.0.0.1:5432/test';
export const TARGET_RATIO = 0.4;

const cannon = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));

async function waitFor(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms / 1000} s`);
}

async function freePort() {
  const probe = Fastify();
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const { port } = probe.server.address();
  await probe.close();
  return port;
}

export async function run({ databaseUrl = process.env.DATABASE_URL || DEFAULT_DB, log = console.log } = {}) {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
  const serverJs = path.join(ROOT, 'api', 'dist', 'server.js');
  if (!fs.existsSync(serverJs)) {
    const built = spawnSync(process.execPath, ['build.mjs'], {
      cwd: path.join(ROOT, 'api'),
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('api build failed');
  }

  // The bare reference: Fastify answering a constant JSON, in this process.
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = bare.server.address().port;

  const port = await freePort();
  const schema = `bench_chat_${randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-chat-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverJs], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      SEED_DEMO: '1',
      SEED_PROFILES: '50',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await waitFor(`${base}/api/settings.php`);
    // SENDERS members (paid, credits for the whole run, each with a session) write to as many profiles: many
    // members sending at once, as on the site (one member's sends run one after another by design).
    const senders = Number(process.env.BENCH_SENDERS ?? 50);
    await db.connect();
    await db.query(`SET search_path TO ${schema}`);
    const site = (await db.query(`SELECT id FROM sites WHERE host = 'localhost'`)).rows[0].id;
    const targets = (await db.query('SELECT id FROM users WHERE fictional ORDER BY id LIMIT $1', [senders]))
      .rows;
    const members = [];
    for (let i = 0; i < senders; i++) {
      const token = randomBytes(32).toString('base64url');
      const { rows } = await db.query(
        `WITH u AS (INSERT INTO users (site_id, email, password_hash, status, paid_user, credits)
                    VALUES ($1, $2, 'x', 'confirmed', true, 100000000) RETURNING id),
              p AS (INSERT INTO profiles (user_id, name, gender, date_of_birth, country)
                    SELECT id, 'Bench ' || id, 'male', '1990-01-01', 'NL' FROM u),
              l AS (INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
                    SELECT id, 'purchase', 100000000, 100000000, 'order:bench' FROM u),
              s AS (INSERT INTO sessions (token_hash, user_id, expires_at)
                    SELECT $3, id, now() + interval '1 day' FROM u)
         SELECT id FROM u`,
        [site, `bench-${i}-${schema}@example.org`, createHash('sha256').update(token).digest('base64url')],
      );
      members.push({ id: rows[0].id, cookie: `sid=${token}`, to: targets[i % targets.length].id });
    }
    let turn = 0;

    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const send = {
      url: `${base}/api/messages.php`,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          headers,
          // A new message per request (a new client id: every request stores and debits), senders in turn.
          setupRequest: (req) => {
            const from = members[turn++ % members.length];
            return {
              ...req,
              headers: { ...req.headers, cookie: from.cookie },
              body: JSON.stringify({
                member: from.to,
                client_id: randomUUID(),
                type: 'text',
                text: 'Hallo, hoe gaat het?',
              }),
            };
          },
        },
      ],
    };
    const bareOpts = { url: `http://127.0.0.1:${barePort}/hello`, connections, duration };
    await cannon({ ...bareOpts, duration: 1, connections: 10 });
    await cannon({ ...send, duration: 1, connections: 10 });
    const bareResult = await cannon(bareOpts);
    const sendResult = await cannon(send);
    const rows = [
      { name: 'bare Fastify GET /hello', r: bareResult },
      { name: 'POST /api/messages.php', r: sendResult },
    ];
    const ratio = sendResult.requests.average / (bareResult.requests.average || 1);
    log(
      `\n${'endpoint'.padEnd(26)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  non-2xx/errors`,
    );
    for (const { name, r } of rows) {
      log(
        `${name.padEnd(26)}${r.requests.average.toFixed(0).padStart(10)}${String(r.latency.p50).padStart(9)}${String(r.latency.p99).padStart(9)}  ${r.non2xx + r.errors + r.timeouts}`,
      );
    }
    const ids = members.map((m) => m.id);
    const stored = await db.query(
      `SELECT (SELECT count(*) FROM messages WHERE sender_id = ANY($1)) AS messages,
              (SELECT count(*) FROM credit_ledger WHERE user_id = ANY($1) AND kind = 'message') AS debits`,
      [ids],
    );
    log(
      `send / bare: ${(ratio * 100).toFixed(0)} % (target ≥ ${TARGET_RATIO * 100} %)${ratio >= TARGET_RATIO ? '  ok' : '  below target'}`,
    );
    log(
      `stored messages ${stored.rows[0].messages}, message debits ${stored.rows[0].debits} (${senders} senders, ${connections} connections, ${duration} s each, ${os.cpus().length} CPUs shared with autocannon and the bare server)`,
    );
    return { bare: bareResult.requests.average, send: sendResult.requests.average, ratio };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    await bare.close();
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.end().catch(() => undefined);
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

#!/usr/bin/env node
// Live delivery across nodes (issue 9): two built API nodes (api/dist/server.js, rebuilt when older than its
// sources) on one PostgreSQL and one Redis, started as the README says (same DATABASE_URL and REDIS_URL, different
// PORT); LIVE_CONNECTIONS (1000) open SSE streams of as many members, half on each node; LIVE_EVENTS (500)
// `message` events published through node A (`POST /api/_bench/live.php`, BENCH=1: the hub a writer calls after its
// commit) to members connected to node B, at LIVE_RATE (50) per second. Prints p50/p95/p99 of the time from the
// publish request to the event's arrival on the client, and the machine. Target: p95 < 250 ms.
//   node tools/bench/live-delivery.mjs       (DATABASE_URL, REDIS_URL default to the local test services)
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi, isApiBuilt } from '../lib/build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const CONNECTIONS = Number(process.env.LIVE_CONNECTIONS ?? 1000);
const EVENTS = Number(process.env.LIVE_EVENTS ?? 500);
const RATE = Number(process.env.LIVE_RATE ?? 50);
export const TARGET_P95_MS = 250;

const now = () => performance.timeOrigin + performance.now();
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function waitFor(url, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${ms / 1000} s`);
}

function startNode(port, env) {
  const child = spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'server.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => (child.kill('SIGTERM'), exited) };
}

/** Members with a session each, written straight into the database (signing up 1,000 through HTTP measures argon2). */
async function makeMembers(pg, count) {
  const site = await pg.query('SELECT id FROM sites ORDER BY is_default DESC, id LIMIT 1');
  const users = await pg.query(
    `INSERT INTO users (site_id, email, status) SELECT $1, 'live-bench-' || g || '@example.org', 'confirmed'
     FROM generate_series(1, $2::int) g RETURNING id`,
    [site.rows[0].id, count],
  );
  const members = users.rows.map((row) => ({ id: row.id, token: randomBytes(32).toString('base64url') }));
  const hash = (token) => createHash('sha256').update(token).digest('base64url');
  await pg.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     SELECT unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
    [members.map((m) => hash(m.token)), members.map((m) => m.id)],
  );
  return members;
}

/** One SSE stream; calls `onEvent(event, receivedAt)` per `data:` line. */
function openStream(url, token, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/live.php`,
      { headers: { cookie: `sid=${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`live.php answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        let opened = false;
        res.on('data', (chunk) => {
          const at = now();
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            for (const line of block.split('\n'))
              if (line.startsWith('data: ')) onEvent(JSON.parse(line.slice(6)), at);
          }
          if (!opened) {
            opened = true;
            resolve(() => request.destroy());
          }
        });
      },
    );
    request.on('error', reject);
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function run({ log = console.log } = {}) {
  if (!isApiBuilt()) {
    const built = await buildApi({ quiet: true });
    if (built.code !== 0) throw new Error('api build failed');
  }
  const { default: pg } = await import('pg');
  const schema = `bench_live_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-bench-'));
  const env = {
    NODE_ENV: 'production',
    BENCH: '1',
    DATA_DIR: dataDir,
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    SEED_DEMO: '1',
    SEED_PROFILES: '5',
    LOG_LEVEL: 'warn',
  };
  const [portA, portB] = [await freePort(), await freePort()];
  const nodeA = startNode(portA, env);
  await waitFor(`${nodeA.url}/api/settings.php`);
  const nodeB = startNode(portB, env);
  await waitFor(`${nodeB.url}/api/settings.php`);
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`SET search_path TO ${schema}`);
  const closers = [];
  try {
    const members = await makeMembers(client, CONNECTIONS);
    const onB = members.filter((_, i) => i % 2 === 1);
    const latencies = [];
    const sentAt = new Map();
    const onEvent = (event, at) => {
      const start = sentAt.get(event.message?.id);
      if (start !== undefined) latencies.push(at - start);
    };
    // Open the streams a few dozen at a time, as browsers arriving would.
    for (let i = 0; i < members.length; i += 50) {
      const batch = members.slice(i, i + 50);
      closers.push(
        ...(await Promise.all(
          batch.map((m, j) => openStream((i + j) % 2 === 1 ? nodeB.url : nodeA.url, m.token, onEvent)),
        )),
      );
    }
    log(
      `\n== live delivery: ${members.length} open streams (${members.length - onB.length} on node A, ${onB.length} on node B)`,
    );
    const interval = 1000 / RATE;
    const started = now();
    const posts = [];
    for (let i = 1; i <= EVENTS; i += 1) {
      const target = onB[i % onB.length];
      const event = {
        type: 'message',
        conversation: i,
        message: {
          id: i,
          conversation: i,
          client_id: null,
          from_me: false,
          type: 'text',
          text: 'Hoi',
          gift: null,
          photo: null,
          sent_at: new Date().toISOString(),
          read_at: null,
        },
        chat: {
          conversation: { id: i, updated_at: new Date().toISOString() },
          profile: { id: 1, name: 'Bench' },
          num_unread_messages: 1,
          last_message: null,
        },
      };
      sentAt.set(i, now());
      posts.push(
        fetch(`${nodeA.url}/api/_bench/live.php`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ user_ids: [target.id], event }),
        }).then((res) => {
          if (res.status !== 204) throw new Error(`publish answered ${res.status}`);
        }),
      );
      const wait = started + i * interval - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await Promise.all(posts);
    const until = Date.now() + 5_000;
    while (latencies.length < EVENTS && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const sorted = [...latencies].sort((a, b) => a - b);
    const result = {
      sent: EVENTS,
      received: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1),
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      load: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    };
    log(
      `${EVENTS} message events through node A at ${RATE}/s to members on node B: received ${result.received}\n` +
        `delivery latency p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms ` +
        `(target p95 < ${TARGET_P95_MS} ms: ${result.p95 < TARGET_P95_MS && result.received === EVENTS ? 'OK' : 'MISSED'})\n` +
        `machine: ${result.cores} cores (${result.cpu}), load average ${result.load}, node ${process.version}`,
    );
    return result;
  } finally {
    for (const close of closers) close();
    await Promise.all([nodeA.stop(), nodeB.stop()]);
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  run().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

#!/usr/bin/env node
// API throughput, as a ratio to a bare Fastify server measured in the same run (docs/adr/0009-request-overhead.md). Starts
// tools/bench/bare-fastify.mjs (same Fastify version, one hello route, no plugins) and the built api
// (api/dist/server.js, rebuilt when its sources are newer) with BENCH=1 and the demo seed, once on PostgreSQL
// (a fresh schema, dropped afterwards) and once on PGlite (a temp DATA_DIR). Through the api's bench route it makes
// 50 paid members, each with 20 conversations with the site's profiles (6 messages each, both ways); the first one
// reads (settings, members, chats), all of them send (POST messages.php, a new client id per request, to their own
// conversations). It runs autocannon in rounds; in every round each endpoint is measured right after the bare
// server, so each ratio compares two figures taken seconds apart on the same (shared, noisy) cores. Every figure is
// measured at least twice (BENCH_ROUNDS, minimum 2; once in the smoke run). Besides req/s it reads the server's
// CPU time per request from /proc (less sensitive to what else runs on the machine than req/s). Then each
// in-process cache (api/src/lib/caches.ts) is switched off and on again (POST /api/_bench/caches) and the endpoints
// it serves are measured both ways, one right after the other (a cache stays only with a figure that shows what it
// buys: docs/adr/0014-caches-and-send-throughput.md).
//   node tools/bench/api-throughput.mjs                    both backends, 2 rounds, 5 s, 100 connections
//   BENCH_BACKENDS=pglite BENCH_ROUNDS=3 BENCH_DURATION=5 node tools/bench/api-throughput.mjs
//   BENCH_ONLY=members,chats BENCH_CACHES=0 …              some endpoints only; without the cache comparison
//   BENCH_JSON=out.json node tools/bench/api-throughput.mjs  also writes every figure as JSON
//   BENCH_SMOKE=1 node tools/bench/api-throughput.mjs         PGlite, tiny seed, one round of 1 s figures, no warm-up
//                                                             (npm test runs it)
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) picks the PostgreSQL server. The app runs with
// its default log level (LOG_LEVEL as set in the environment, else the app's default), logging to /dev/null.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { isApiBuilt } from '../lib/build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_DB = 'postgres://postgres@127.0.0.1:5432/test';
const CLOCK_TICK_US = 1e6 / 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux

/**
 * Share of the yardstick's req/s, measured in the same round. The yardstick is a bare Fastify with the app's own
 * security headers and the same cookie, compression and logging plugins (bare-fastify.mjs with BARE_STACK; ADR
 * docs/adr/0031-send-near-the-database-and-live-fan-out.md); hello ≥ 90 % of it, the endpoints ≥ 40 %.
 * BENCH_BARE=plain measures against the plain bare Fastify of docs/adr/0009-request-overhead.md (no plugins; hello
 * ≥ 70 % of it).
 */
const PLAIN = process.env.BENCH_BARE === 'plain';
export const TARGETS = { hello: PLAIN ? 0.7 : 0.9, endpoint: 0.4 };

const ENDPOINTS = [
  { key: 'hello', name: 'in-app hello', path: '/api/_bench/hello', target: TARGETS.hello },
  { key: 'db', name: 'ref: one SELECT 1', path: '/api/_bench/db', reference: true },
  { key: 'settings', name: 'settings.php', path: '/api/settings.php', target: TARGETS.endpoint },
  {
    key: 'members',
    name: 'members.php (20)',
    path: '/api/members.php?numResults=20',
    member: true,
    target: TARGETS.endpoint,
  },
  { key: 'chats', name: 'chats.php', path: '/api/chats.php', member: true, target: TARGETS.endpoint },
  {
    key: 'send',
    name: 'POST messages.php',
    path: '/api/messages.php',
    method: 'POST',
    member: true,
    target: TARGETS.endpoint,
  },
];

/**
 * What each in-process cache (api/src/lib/caches.ts) is measured on: the endpoints whose work it saves. Each pair is
 * measured with the cache on and off (POST /api/_bench/caches), one right after the other, each after the bare
 * server.
 */
const CACHE_ENDPOINTS = {
  sessions: ['chats', 'send'],
  profiles: ['members', 'chats', 'send'],
  blocked: ['members', 'chats', 'send'],
  members: ['members'],
  chats: ['chats', 'send'],
  settings: ['settings'],
};

/** Bench members (paid, with credits): the first reads, all of them send, each to its own conversations. */
/**
 * BENCH_SMOKE=1: PGlite only, a few members and profiles, one round of one-second figures (what `npm test` runs,
 * ADR 0031).
 */
const SMOKE = process.env.BENCH_SMOKE === '1';
const SEED = SMOKE
  ? { members: 4, conversations: 5, messages: 2 }
  : { members: 50, conversations: 20, messages: 6 };

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

async function waitFor(url, exited, ms) {
  const until = Date.now() + ms;
  let gone = false;
  exited.then(() => (gone = true));
  while (Date.now() < until && !gone) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(gone ? `server exited before answering ${url}` : `no answer from ${url} in ${ms / 1000} s`);
}

/** User + system CPU time of a process, in µs. */
function cpuMicros(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function spawnProcess(args, env, stdout = 'ignore') {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', stdout, 'inherit'], env });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    child,
    exited,
    async stop() {
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(r, 5000))]);
      if (!done) child.kill('SIGKILL');
    },
  };
}

async function startBare(stack) {
  const proc = spawnProcess(
    [path.join(ROOT, 'tools', 'bench', 'bare-fastify.mjs'), '0'],
    stack ? { ...process.env, BARE_STACK: JSON.stringify(stack) } : process.env,
    'pipe',
  );
  const line = await new Promise((resolve, reject) => {
    let out = '';
    proc.child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.trim());
    });
    proc.exited.then(() => reject(new Error('bare fastify exited')));
  });
  const [, port, version] = line.split(' ');
  return { ...proc, base: `http://127.0.0.1:${port}`, version };
}

/**
 * After the seed, PostgreSQL is brought to a steady state before anything is measured: the demo and bench seeds
 * write thousands of rows, and the autovacuum and checkpoint they trigger would otherwise run on the same two
 * cores during the first figures (the in-app hello measured 21 µs/request then, 17 µs once it was done).
 */
async function settle(databaseUrl, schema) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT tablename FROM pg_tables WHERE schemaname = $1', [schema]);
    const tables = rows.map((r) => `${schema}."${r.tablename}"`).join(', ');
    if (tables) await client.query(`VACUUM (ANALYZE) ${tables}`);
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

async function dropSchema(databaseUrl, schema) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/** The built api on a free port; PostgreSQL in a fresh schema, or PGlite in the temp DATA_DIR. */
async function startApp(backend, databaseUrl) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  const schema = backend === 'postgres' ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  const env = {
    ...process.env,
    // Not production: production refuses the demo member (its password is published), and the bench logs in as
    // it to reach its conversations. The per-request stack is the same; only /dev routes and the API docs exist.
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BENCH: '1',
    SEED_DEMO: '1',
    // Production refuses to start without these, and seeds no demo account: the bench signs a member up.
    APP_SECRET: randomBytes(32).toString('hex'),
    MAIL_OUTBOX_ONLY: '1',
    ...(SMOKE ? { SEED_PROFILES: '12' } : {}),
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  delete env.REDIS_URL;
  if (schema) Object.assign(env, { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema });
  const proc = spawnProcess([path.join(ROOT, 'api', 'dist', 'server.js')], env);
  const base = `http://127.0.0.1:${port}`;
  const app = {
    ...proc,
    base,
    schema,
    async stop() {
      await proc.stop();
      if (schema) await dropSchema(databaseUrl, schema).catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    // The first start seeds ~300 profiles with images: minutes on a busy machine.
    await waitFor(`${base}/api/_bench/hello`, proc.exited, 600_000);
  } catch (err) {
    await app.stop();
    throw err;
  }
  return app;
}

async function benchPost(base, path, body) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * SEED.members paid members with SEED.conversations conversations each (SEED.messages messages in each, both ways),
 * made by the bench route of the api (BENCH=1), so PGlite, which lives inside the server, gets them as well.
 */
async function seedMembers(base) {
  const { members } = await benchPost(base, '/api/_bench/members.php', SEED);
  return members;
}

/**
 * What a browser sends with every request and the answer depends on: the encodings it accepts (Chrome's header).
 * Both servers get it; an answer of 1 KB or more is compressed by the app, as for a member's browser.
 * BENCH_ENCODING=identity measures the uncompressed answers instead.
 */
const BROWSER = { 'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip, deflate, br, zstd' };

/** autocannon options of one endpoint: GETs as the first bench member, sends by all members in turn. */
function requestOptions(endpoint, members) {
  if (!endpoint.member) return { headers: { ...BROWSER } };
  if (endpoint.method !== 'POST') return { headers: { ...BROWSER, cookie: members[0].cookie } };
  let turn = 0;
  return {
    requests: [
      {
        method: 'POST',
        headers: { ...BROWSER, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        // A new client id per request: every request stores a message and debits it.
        setupRequest: (req) => {
          const from = members[turn % members.length];
          const to = from.partners[Math.floor(turn / members.length) % from.partners.length];
          turn++;
          return {
            ...req,
            headers: { ...req.headers, cookie: from.cookie },
            body: JSON.stringify({
              member: to,
              client_id: randomUUID(),
              type: 'text',
              text: 'Hallo, hoe gaat het?',
            }),
          };
        },
      },
    ],
  };
}

/** What each endpoint answers, so the report says what was measured (and a broken endpoint stops the bench). */
async function describe(base, endpoint, members) {
  let res;
  if (endpoint.method === 'POST') {
    const from = members[0];
    res = await fetch(base + endpoint.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        cookie: from.cookie,
      },
      body: JSON.stringify({
        member: from.partners[0],
        client_id: randomUUID(),
        type: 'text',
        text: 'Hallo',
      }),
    });
  } else {
    res = await fetch(base + endpoint.path, { headers: requestOptions(endpoint, members).headers });
  }
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${endpoint.path}: HTTP ${res.status} ${body.slice(0, 200)}`);
  // fetch decodes the body; what went over the wire is the content-length of the encoded answer.
  const encoding = res.headers.get('content-encoding');
  const wire = encoding ? `, ${res.headers.get('content-length') ?? '?'} B ${encoding} on the wire` : '';
  let items = '';
  try {
    const json = JSON.parse(body);
    if (Array.isArray(json.profiles)) items = `, ${json.profiles.length} profiles`;
    if (Array.isArray(json.chats)) items = `, ${json.chats.length} chats`;
    if (json.message) items = `, message ${json.message.id} stored, balance ${json.credits}`;
  } catch {
    // not JSON
  }
  return `${Buffer.byteLength(body)} B${items}${wire}`;
}

/**
 * One figure: a 1 s warm-up (none in the smoke run, whose figures are not read), then `duration` seconds of
 * `connections`; req/s and server CPU per request.
 */
async function measure(url, pid, { duration, connections, ...options }) {
  if (!SMOKE) await cannon({ url, connections: 10, duration: 1, ...options });
  const cpuBefore = cpuMicros(pid);
  const result = await cannon({ url, connections, duration, ...options });
  const cpu = cpuMicros(pid) - cpuBefore;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuPerRequest: result.requests.total ? cpu / result.requests.total : 0,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const pct = (ratio) => `${(ratio * 100).toFixed(0)} %`;
const loadText = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function drained(base) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = performance.now();
    await fetch(`${base}/api/_bench/hello`).catch(() => undefined);
    if (performance.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The bare server right before the endpoint: the pair shares whatever else the machine is doing. */
async function pair(bare, app, row, members, { duration, connections }) {
  const bareFigure = await measure(`${bare.base}/api/_bench/hello`, bare.child.pid, {
    duration,
    connections,
    headers: { ...BROWSER },
  });
  const figure = await measure(app.base + row.path, app.child.pid, {
    duration,
    connections,
    ...requestOptions(row, members),
  });
  // Sends leave work behind (the requests still in flight, offline notifications): on PGlite, one thread, seconds
  // of it. The next figure starts when the server answers the hello route quickly again.
  if (row.method === 'POST') await drained(app.base);
  return { ...figure, bare: bareFigure, ratio: figure.rps / (bareFigure.rps || 1) };
}

/** The headers the app adds to every answer (its security headers), read from its hello answer. */
async function appHeaders(base) {
  const res = await fetch(`${base}/api/_bench/hello`);
  await res.text();
  const own = new Set([
    'content-type',
    'content-length',
    'date',
    'connection',
    'keep-alive',
    'vary',
    'content-encoding',
  ]);
  return Object.fromEntries([...res.headers].filter(([name]) => !own.has(name)));
}

async function benchBackend(backend, plainBare, { databaseUrl, rounds, duration, connections, caches, log }) {
  log(`\n== ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}: starting the api (demo seed)…`);
  const app = await startApp(backend, databaseUrl);
  let stacked;
  try {
    let bare = plainBare;
    if (!PLAIN) {
      const headers = await appHeaders(app.base);
      stacked = bare = await startBare(headers);
      log(
        `yardstick: bare Fastify with the app's ${Object.keys(headers).length} headers (${Object.keys(headers).join(', ')}), ` +
          '@fastify/cookie, @fastify/compress and its logger at info (BENCH_BARE=plain: without them)',
      );
    }
    const members = await seedMembers(app.base);
    if (app.schema) await settle(databaseUrl, app.schema);
    const rows = [];
    // The smoke run leaves the send out: tools/bench/db-ratio.mjs measures it (and its smoke runs too).
    const only = (process.env.BENCH_ONLY ?? (SMOKE ? 'hello,settings,members,chats' : undefined))?.split(',');
    for (const endpoint of ENDPOINTS.filter((e) => !only || only.includes(e.key))) {
      rows.push({ ...endpoint, answer: await describe(app.base, endpoint, members), rounds: [] });
    }
    const loads = [];
    for (let round = 0; round < rounds; round++) {
      loads.push(loadText());
      for (const row of rows) row.rounds.push(await pair(bare, app, row, members, { duration, connections }));
    }
    loads.push(loadText());
    for (const row of rows) {
      const mean = (pick) => row.rounds.reduce((sum, r) => sum + pick(r), 0) / row.rounds.length;
      row.meanRatio = mean((r) => r.ratio);
      row.cpuRatio = mean((r) => r.bare.cpuPerRequest) / (mean((r) => r.cpuPerRequest) || 1);
      row.ok = row.target ? row.meanRatio >= row.target : undefined;
    }
    report(backend, rows, { loads, duration, connections, schema: app.schema, log });
    const cacheRows = caches
      ? await benchCaches(bare, app, rows, members, { duration, connections, log })
      : [];
    return { endpoints: rows, caches: cacheRows };
  } finally {
    await stacked?.stop();
    await app.stop();
  }
}

/** Each cache off and on, on the endpoints it serves, measured one right after the other (docs/adr/0014-caches-and-send-throughput.md). */
async function benchCaches(bare, app, rows, members, { duration, connections, log }) {
  const out = [];
  const load = loadText();
  for (const [cache, keys] of Object.entries(CACHE_ENDPOINTS)) {
    for (const key of keys) {
      const row = rows.find((r) => r.key === key);
      if (!row) continue;
      await benchPost(app.base, '/api/_bench/caches', { off: [cache] });
      const without = await pair(bare, app, row, members, { duration, connections });
      await benchPost(app.base, '/api/_bench/caches', { off: [] });
      const withIt = await pair(bare, app, row, members, { duration, connections });
      out.push({ cache, endpoint: row.name, with: withIt, without });
    }
  }
  const cell = (text, width) => String(text).padStart(width);
  log(
    `\n  caches: each one off, then on, on the endpoints it serves (load before: ${load}, after: ${loadText()})`,
  );
  log(
    `  ${'cache'.padEnd(10)}${'endpoint'.padEnd(19)}${cell('off req/s', 10)}${cell('ratio', 7)}${cell('µs/req', 8)}` +
      `${cell('on req/s', 10)}${cell('ratio', 7)}${cell('µs/req', 8)}${cell('gain', 7)}`,
  );
  for (const r of out) {
    const gain = r.with.ratio / (r.without.ratio || 1);
    log(
      `  ${r.cache.padEnd(10)}${r.endpoint.padEnd(19)}${cell(r.without.rps.toFixed(0), 10)}${cell(pct(r.without.ratio), 7)}` +
        `${cell(r.without.cpuPerRequest.toFixed(0), 8)}${cell(r.with.rps.toFixed(0), 10)}${cell(pct(r.with.ratio), 7)}` +
        `${cell(r.with.cpuPerRequest.toFixed(0), 8)}${cell(`×${gain.toFixed(2)}`, 7)}` +
        (r.with.errors + r.without.errors ? `  !${r.with.errors + r.without.errors}` : ''),
    );
  }
  log('  ratio = share of the bare server measured right before; gain = ratio on ÷ ratio off.');
  return out;
}

function report(backend, rows, { loads, duration, connections, schema, log }) {
  const rounds = rows[0].rounds.length;
  const cell = (text, width) => String(text).padStart(width);
  log(`\n${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}${schema ? ` (schema ${schema})` : ''}`);
  log(
    'endpoint'.padEnd(18) +
      Array.from({ length: rounds }, (_, i) => cell(`#${i + 1} req/s   bare  ratio  µs/req bare`, 38)).join(
        '',
      ) +
      cell('mean ratio', 12) +
      cell('CPU ratio', 11) +
      '  target',
  );
  for (const row of rows) {
    const cells = row.rounds
      .map(
        (r) =>
          cell(r.rps.toFixed(0), 13) +
          cell(r.bare.rps.toFixed(0), 7) +
          cell(pct(r.ratio), 7) +
          cell(r.cpuPerRequest.toFixed(0), 6) +
          cell(r.bare.cpuPerRequest.toFixed(0), 5) +
          (r.errors + r.bare.errors ? `!${r.errors + r.bare.errors}` : '').padEnd(3),
      )
      .join('');
    const verdict = !row.target
      ? '(reference)'
      : `${row.ok ? '≥' : '<'} ${pct(row.target)}${row.ok ? ' ok' : ' BELOW'}`;
    log(
      `${row.name.padEnd(18)}${cells}${cell(pct(row.meanRatio), 12)}${cell(pct(row.cpuRatio), 11)}  ${verdict}`,
    );
  }
  for (const row of rows) log(`  ${row.name}: ${row.path} → ${row.answer}`);
  log(`  load average (1/5/15 min) before each round and at the end: ${loads.join(' | ')}`);
  const highest = Math.max(...loads.map((l) => Number(l.split(' ')[0])));
  const cores = os.cpus().length;
  log(
    highest <= cores
      ? `  valid run: the load average stayed at or below the ${cores} cores`
      : `  NOT a valid run: load average ${highest.toFixed(1)} above the ${cores} cores (repeat on an idle machine)`,
  );
  log(
    `  ${connections} connections, ${duration} s per figure after a 1 s warm-up. Each endpoint is measured right after` +
      ` the bare server;\n  ratio = its req/s ÷ that bare req/s. µs/req = server process user+system CPU per request` +
      ` (/proc, 10 ms ticks);\n  CPU ratio = bare µs/req ÷ endpoint µs/req (the database server's CPU not included).` +
      ` "!n" = n non-2xx answers or errors.\n  Every request (bare server too) carries a browser's` +
      ` Accept-Encoding: ${BROWSER['accept-encoding']} (BENCH_ENCODING to change it).`,
  );
}

/** Benchmarks the requested backends; returns `{ machine, postgres?, pglite? }` with every figure. */
export async function run({
  databaseUrl = process.env.DATABASE_URL || DEFAULT_DB,
  backends = (process.env.BENCH_BACKENDS ?? (SMOKE ? 'pglite' : 'postgres,pglite')).split(','),
  // The smoke run proves the bench runs, not its figures: one round of each.
  rounds = SMOKE ? 1 : Math.max(2, Number(process.env.BENCH_ROUNDS ?? 2)),
  duration = Number(process.env.BENCH_DURATION ?? (SMOKE ? 1 : 5)),
  connections = Number(process.env.BENCH_CONNECTIONS ?? (SMOKE ? 10 : 100)),
  caches = process.env.BENCH_CACHES !== '0' && !SMOKE,
  log = console.log,
} = {}) {
  if (!isApiBuilt(ROOT)) {
    const built = spawnSync('npm', ['run', 'build', '--silent', '-w', '@dating/api'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('api build failed');
  }
  const cpus = os.cpus();
  const bare = await startBare();
  const machine = {
    cores: cpus.length,
    model: cpus[0]?.model ?? 'unknown',
    node: process.version,
    fastify: bare.version,
    load: os.loadavg(),
  };
  log(
    `machine: ${machine.cores} cores (${machine.model}), load ${loadText()}, node ${machine.node}, ` +
      `fastify ${machine.fastify}; autocannon, both servers and the database share these cores`,
  );
  const out = { machine };
  try {
    for (const backend of backends) {
      out[backend] = await benchBackend(backend, bare, {
        databaseUrl,
        rounds,
        duration,
        connections,
        caches,
        log,
      });
    }
  } finally {
    await bare.stop();
  }
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(out, null, 2));
  return out;
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

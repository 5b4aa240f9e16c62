#!/usr/bin/env node
// Where the api's CPU goes under load: starts the built api with `node --cpu-prof` on PGlite (temp DATA_DIR,
// demo seed, BENCH=1), logs in as the demo member, runs autocannon on one path, stops the server and prints the
// top frames by self time, the self time per package (node_modules/<name>, our bundle, node internals) and per part
// of the request (node-postgres, the HTTP answer, hooks, serialisation, validation, logging, metrics, GC).
//   node tools/bench/api-profile.mjs [path] [seconds]     default /api/_bench/hello, 8 s
//   node tools/bench/api-profile.mjs send [seconds]       POST /api/messages.php by 50 seeded bench members
//   PROFILE_AS=visitor …                                   a page as a new visitor (no cookie; the apps deployed)
//   PROFILE_KEEP=1 …                                       keeps the .cpuprofile (open it in Chrome DevTools)
//   DATABASE_URL=postgres://… …                            on PostgreSQL (a fresh schema, dropped afterwards)
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { APPS } from '../lib/apps.mjs';
import { buildApi, isApiBuilt } from '../lib/build.mjs';
import { withRegistry } from '../lib/site.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const urlPath = process.argv[2] ?? '/api/_bench/hello';
const seconds = Number(process.argv[3] ?? 8);

if (!isApiBuilt(ROOT) && (await buildApi()).code !== 0) throw new Error('api build failed');
const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-profile-'));
const profDir = path.join(dataDir, 'prof');
const schema = process.env.DATABASE_URL ? `prof_${randomBytes(4).toString('hex')}` : undefined;
const env = {
  ...process.env,
  // Not production: production refuses the demo member (published password); the per-request stack is the same.
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
};
Object.assign(env, { BENCH: '1', SEED_DEMO: '1' }, schema ? { DATABASE_SCHEMA: schema } : {});
// A page (PROFILE_AS=visitor, e.g. `/`) needs the apps deployed, as `npm start` does: their built dist/ folders.
const visitor = process.env.PROFILE_AS === 'visitor';
if (visitor) {
  const saved = process.env.DATABASE_SCHEMA;
  if (schema) process.env.DATABASE_SCHEMA = schema;
  await withRegistry(
    dataDir,
    () => {},
    async ({ deploy }) => {
      for (const app of APPS) await deploy(app);
    },
  );
  if (schema) {
    if (saved === undefined) delete process.env.DATABASE_SCHEMA;
    else process.env.DATABASE_SCHEMA = saved;
  }
}
const child = spawn(
  process.execPath,
  ['--cpu-prof', '--cpu-prof-dir', profDir, path.join(ROOT, 'api', 'dist', 'server.js')],
  { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] },
);
const exited = new Promise((resolve) => child.on('exit', resolve));
const base = `http://127.0.0.1:${port}`;
let requests = 0;
let loadStart = 0;
let loadEnd = 0;
let exitAt = 0;

try {
  for (let i = 0; ; i++) {
    if (i > 2400) throw new Error('server did not start');
    const ok = await fetch(`${base}/api/_bench/hello`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: 'email=demo%40example.com&password=Demo-1234',
  });
  const sid = /sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  // As the demo member, or as a new visitor (no cookie: a lander's first visit) with PROFILE_AS=visitor.
  const headers = sid && !visitor ? { cookie: `sid=${sid}` } : {};
  let options = { url: base + urlPath, headers };
  if (urlPath === 'send') {
    const seeded = await fetch(`${base}/api/_bench/members.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ members: 50, conversations: 20, messages: 6 }),
    });
    const { members } = await seeded.json();
    let turn = 0;
    options = {
      url: `${base}/api/messages.php`,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          setupRequest: (req) => {
            const from = members[turn % members.length];
            const to = from.partners[Math.floor(turn / members.length) % from.partners.length];
            turn++;
            return {
              ...req,
              headers: { ...req.headers, cookie: from.cookie },
              body: JSON.stringify({ member: to, client_id: randomUUID(), type: 'text', text: 'Hallo' }),
            };
          },
        },
      ],
    };
  }
  loadStart = performance.now();
  const result = await new Promise((resolve, reject) =>
    autocannon({ ...options, connections: 100, duration: seconds }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
  loadEnd = performance.now();
  requests = result.requests.total;
  console.log(`${urlPath}: ${result.requests.average.toFixed(0)} req/s, ${result.non2xx} non-2xx`);
} finally {
  child.kill('SIGTERM');
  await exited;
  exitAt = performance.now();
}

const file = fs.readdirSync(profDir).find((name) => name.endsWith('.cpuprofile'));
const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8'));
// Only the samples taken under load: the profile ends when the process exits, so the window is placed back from
// its end by what this process measured (start-up and the seed are left out).
const from = profile.endTime - (exitAt - loadStart) * 1000;
const to = profile.endTime - (exitAt - loadEnd) * 1000;
const hitsOf = new Map();
let at = profile.startTime;
let windowUs = 0;
let windowSamples = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i];
  if (at >= from && at <= to) {
    hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
    windowUs += profile.timeDeltas[i];
    windowSamples++;
  }
});
const usPerSample = windowUs / Math.max(1, windowSamples);
const byFrame = new Map();
const byPackage = new Map();
let total = 0;
for (const node of profile.nodes) {
  const hits = hitsOf.get(node.id);
  if (!hits) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  total += hits;
  const where = url.replace(/^file:\/\//, '').replace(ROOT + '/', '');
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.startsWith('api/dist')
      ? 'api (our bundle)'
      : where.startsWith('node:')
        ? 'node internals'
        : where || `(${functionName || 'program'})`);
  const key = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
  byFrame.set(key, (byFrame.get(key) ?? 0) + hits);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
}
const share = (hits) => `${((hits / total) * 100).toFixed(1).padStart(5)} %`;
// Self time per request: the samples of a package × the sampling interval ÷ the requests answered in the window.
const perRequest = (hits) => `${((hits * usPerSample) / Math.max(1, requests)).toFixed(1).padStart(6)} µs`;
const idle = byPackage.get('((idle))') ?? 0;
console.log(
  `\nself time per package (${total} samples under load, ${usPerSample.toFixed(0)} µs each; ` +
    `busy ${perRequest(total - idle).trim()} per request)`,
);
for (const [pkg, hits] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${share(hits)} ${perRequest(hits)}/req  ${pkg}`);
// The same samples by part of the request (ADR 0031 addendum): each sample goes to the part of the frame nearest
// the leaf that names one (a socket write under node-postgres is the driver's, under Fastify's reply the answer's).
const PARTS = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collector', (f) => f.functionName === '(garbage collector)'],
  [
    'logging (request line, pino)',
    (f) => /pino/.test(f.url) || /^(requestLine|requestCompleted)$/.test(f.functionName),
  ],
  ['metrics (prom-client)', (f) => /prom-client/.test(f.url)],
  [
    'node-postgres: statements built, written, read, rows parsed',
    (f) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(f.url),
  ],
  ['ioredis: commands written and replies read', (f) => /node_modules\/(ioredis|redis-parser)\//.test(f.url)],
  [
    'JSON serialisation (fast-json-stringify)',
    (f) => /fast-json-stringify/.test(f.url) || (f.functionName === 'serialize' && /reply\.js/.test(f.url)),
  ],
  [
    'HTTP answer written (headers and body to the socket)',
    (f) => /reply\.js/.test(f.url) && /^(writePayload|onSendEnd|safeWriteHead)$/.test(f.functionName),
  ],
  ['body parse (secure-json-parse)', (f) => /secure-json-parse|content-type-parser/.test(f.url)],
  ['validation (ajv)', (f) => /^validate\d+$/.test(f.functionName)],
  ['Fastify routing and hooks, cookie, compress', (f) => /fastify|find-my-way/.test(f.url)],
  ['HTTP request parse (node:http)', (f) => /_http_common|_http_server|_http_incoming/.test(f.url)],
  ['our bundle (handlers, hooks, services)', (f) => f.url.includes('api/dist/')],
];
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
const byPart = new Map();
for (const [id, hits] of hitsOf) {
  let part;
  for (let node = nodeById.get(id); node && !part; node = parentOf.get(node.id))
    part = PARTS.find(([, test]) => test(node.callFrame))?.[0];
  part ??= 'node internals, sockets, event loop';
  byPart.set(part, (byPart.get(part) ?? 0) + hits);
}
const busy = total - (byPart.get('idle') ?? 0);
console.log(`\nby part of the request (share of the busy samples)`);
for (const [part, hits] of [...byPart].sort((a, b) => b[1] - a[1])) {
  if (part === 'idle') continue;
  console.log(
    `${((hits / Math.max(1, busy)) * 100).toFixed(1).padStart(5)} % ${perRequest(hits)}/req  ${part}`,
  );
}
console.log('\ntop frames by self time');
for (const [key, hits] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`${share(hits)}  ${key}`);
if (process.env.PROFILE_KEEP) {
  const kept = path.join(os.tmpdir(), `api-${urlPath.replace(/\W+/g, '_')}-${Date.now()}.cpuprofile`);
  fs.copyFileSync(path.join(profDir, file), kept);
  console.log(`\nprofile: ${kept}`);
}
if (schema) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
fs.rmSync(dataDir, { recursive: true, force: true });

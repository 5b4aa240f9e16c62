#!/usr/bin/env node
// Deploy switch across nodes (docs/adr/0026-several-machines-operations.md): two built API nodes (api/dist/server.js) with separate DATA_DIRs on one
// PostgreSQL, one Redis and one S3 server (s3rver, started here); DEPLOY_RUNS (10) deploys of a changed mf-chat
// build with `npm run deploy`'s code, from a third "machine" (its own DATA_DIR, the same DATABASE_URL and S3_*).
// Prints, per run and as p50/max, the time from the deploy command's exit to the moment the last node inlines the
// new version in its page (each node polled every few ms), and the command's own duration. Goal: < 1 s.
//   node tools/bench/deploy-switch.mjs      (DATABASE_URL, REDIS_URL default to the local test services)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi, isApiBuilt } from '../lib/build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const RUNS = Number(process.env.DEPLOY_RUNS ?? 10);
export const GOAL_MS = 1000;

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

/** A fake build of `app` whose files say `marker`. */
function fakeBuild(work, app, marker) {
  const dist = fs.mkdtempSync(path.join(work, `${app}-`));
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ id: app, marker }));
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `var entry = ${JSON.stringify(marker)};`.repeat(200));
  if (app === 'shell') {
    fs.writeFileSync(
      path.join(dist, 'entry-assets.json'),
      JSON.stringify({ main: { js: ['remoteEntry.js'], css: [], preload: [] } }),
    );
  }
  return dist;
}

function deploy(env, app, dist) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(ROOT, 'tools', 'deploy.mjs'), app, '--dist', dist], {
      cwd: ROOT,
      env,
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', (code) => {
      const exitedAt = performance.now();
      if (code !== 0) return reject(new Error(`deploy exited with ${code}`));
      const version = /registry switched \S+ → (\S+)/.exec(out)?.[1];
      resolve({ version, exitedAt, commandMs: exitedAt - started });
    });
  });
}

/** When `node`'s page first inlines `version` of mf-chat (performance.now()). */
async function servedAt(node, version, until) {
  while (performance.now() < until) {
    const html = await (await fetch(`${node.url}/`)).text();
    if (html.includes(`/remotes/mf-chat/${version}/remoteEntry.js`)) return performance.now();
    await new Promise((r) => setTimeout(r, 2));
  }
  return Infinity;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function run({ log = console.log } = {}) {
  if (!isApiBuilt()) {
    const built = await buildApi({ quiet: true });
    if (built.code !== 0) throw new Error('api build failed');
  }
  const require = createRequire(path.join(ROOT, 'api', 'package.json'));
  const S3rver = require('s3rver');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-bench-'));
  const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-bench-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: 'bench' }],
  });
  const { port: s3port } = await s3.run();
  const schema = `bench_deploy_${randomBytes(4).toString('hex')}`;
  const shared = {
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
    S3_BUCKET: 'bench',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  };
  const nodeEnv = (dataDir) => ({
    ...shared,
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    MAIL_OUTBOX_ONLY: '1',
    DATA_DIR: dataDir,
    REDIS_URL,
    SEED_DEMO: '1',
    SEED_PROFILES: '5',
    LOG_LEVEL: 'warn',
  });
  const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-bench-node-')));
  const operator = { ...process.env, ...shared, DATA_DIR: dirs[2], NODE_ENV: 'production' };
  const nodeA = startNode(await freePort(), nodeEnv(dirs[0]));
  await waitFor(`${nodeA.url}/api/settings.php`);
  const nodeB = startNode(await freePort(), nodeEnv(dirs[1]));
  await waitFor(`${nodeB.url}/api/settings.php`);
  try {
    await deploy(operator, 'shell', fakeBuild(work, 'shell', 'shell'));
    const switches = [];
    const commands = [];
    for (let i = 0; i < RUNS; i += 1) {
      const { version, exitedAt, commandMs } = await deploy(
        operator,
        'mf-chat',
        fakeBuild(work, 'mf-chat', `run ${i} ${Date.now()}`),
      );
      const until = exitedAt + 10_000;
      const seen = await Promise.all([servedAt(nodeA, version, until), servedAt(nodeB, version, until)]);
      const ms = Math.max(...seen) - exitedAt;
      switches.push(ms);
      commands.push(commandMs);
      log(
        `run ${i + 1}: last node serves ${version} ${ms.toFixed(1)} ms after the command exited (command ${commandMs.toFixed(0)} ms)`,
      );
    }
    const sorted = [...switches].sort((a, b) => a - b);
    const result = {
      runs: RUNS,
      p50: percentile(sorted, 50),
      max: sorted.at(-1),
      commandP50: percentile(
        [...commands].sort((a, b) => a - b),
        50,
      ),
      cores: os.cpus().length,
      load: os.loadavg()[0],
    };
    log(
      `deploy switch seen by both nodes: p50 ${result.p50.toFixed(1)} ms, max ${result.max.toFixed(1)} ms ` +
        `(goal < ${GOAL_MS} ms; ${result.max < GOAL_MS ? 'met' : 'NOT met'}); the command itself p50 ` +
        `${(result.commandP50 / 1000).toFixed(1)} s; ${result.cores} cores, load ${result.load.toFixed(1)}`,
    );
    return result;
  } finally {
    await Promise.all([nodeA.stop(), nodeB.stop()]);
    await s3.close();
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
    for (const dir of [work, s3dir, ...dirs]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

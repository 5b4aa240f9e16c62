#!/usr/bin/env node
// Serving a public photo through the api (docs/adr/0026-several-machines-operations.md): GET /media/seed/<portrait>.webp with the local-folder storage
// and with the S3 storage (an s3rver on this machine, started here), side by side: requests per second and p95.
//   node tools/bench/photo-serve.mjs
//   BENCH_DURATION=5 BENCH_CONNECTIONS=20 node tools/bench/photo-serve.mjs
// The api is the built one (api/dist/server.js; built if missing), embedded PGlite, each on a temp DATA_DIR; the
// photo is a seeded portrait (the same route and headers as an approved member photo). s3rver keeps its objects
// as files and is far slower than a real S3 service: the S3 numbers are a floor for the api's own streaming.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(ROOT, 'api', 'package.json'));

/** autocannon, plus every response time (its summary has p90 and p97.5, not p95). */
function cannon(opts) {
  const times = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve({ ...result, times })));
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function freePort() {
  const probe = Fastify();
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const { port } = probe.server.address();
  await probe.close();
  return port;
}

async function waitFor(url, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms / 1000} s`);
}

async function startApi(env) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-photo-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'server.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_PROFILES: '5',
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: '0',
      ...env,
    },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/settings.php`);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function run({ log = console.log } = {}) {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  if (!fs.existsSync(path.join(ROOT, 'api', 'dist', 'server.js'))) {
    const built = spawnSync(process.execPath, ['build.mjs'], {
      cwd: path.join(ROOT, 'api'),
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('api build failed');
  }
  const S3rver = require('s3rver');
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-s3rver-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'bench' }],
  });
  const { port: s3Port } = await s3.run();
  const drivers = [
    { name: 'local folder', env: {} },
    {
      name: 'S3 (s3rver)',
      env: {
        S3_BUCKET: 'bench',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: '1',
      },
    },
  ];
  const results = [];
  try {
    for (const driver of drivers) {
      const api = await startApi(driver.env);
      try {
        const photo = '/media/seed/f0.webp';
        const probe = await fetch(`${api.url}${photo}`);
        const key = probe.ok ? photo : null;
        if (!key) throw new Error(`${photo}: ${probe.status}`);
        const bytes = (await probe.arrayBuffer()).byteLength;
        await cannon({ url: `${api.url}${key}`, connections, duration: 2 }); // warm-up
        const r = await cannon({ url: `${api.url}${key}`, connections, duration });
        results.push({
          name: driver.name,
          rps: r.requests.average,
          p50: percentile(r.times, 50).toFixed(1),
          p95: percentile(r.times, 95).toFixed(1),
          errors: r.errors + r.non2xx,
          bytes,
        });
      } finally {
        await api.stop();
      }
    }
  } finally {
    await s3.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  }
  log(`GET a public photo through the api, ${connections} connections, ${duration} s each:`);
  for (const r of results)
    log(
      `${r.name.padEnd(14)} ${String(Math.round(r.rps)).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${r.p95} ms   (${r.bytes} bytes, ${r.errors} errors)`,
    );
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();

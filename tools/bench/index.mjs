#!/usr/bin/env node
// npm run bench (not a test): build time of each app, then page weight of the first load per route in
// Debian's Chromium against the built site on a temp DATA_DIR and a free port, then the API throughput bench, the
// send/like/page against the database's own speed (db-ratio.mjs), live delivery of real sends across two nodes,
// the deploy switch across two nodes, a public photo served from the local folder vs S3, member search over
// 100,000 generated members (PostgreSQL), and the canary guard's decision rule simulated (guard-sim.mjs). Each
// server bench reports the load average and calls a run valid only when it stayed at or below the core count
// (ADR 0031); BENCH_SMOKE=1 runs them in seconds.
//   npm run bench                 cold builds (no webpack cache), one app at a time, then pages and API
//   npm run bench -- --warm       builds with the filesystem cache
//   npm run bench -- --no-build   measure what is built
//   npm run bench -- --no-build --pages-only   only the page weights and Lighthouse (no API benches)
//   --no-lighthouse                skip the Lighthouse runs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { APPS, ROOT } from '../lib/apps.mjs';
import { buildApi, buildApp, hasApiBuild } from '../lib/build.mjs';
import { startTempServer } from '../lib/server.mjs';
import { LANDER_VARIANTS } from './lib/landers.mjs';
import { kb, launchBrowser, measurePage } from './measure.mjs';

const args = new Set(process.argv.slice(2));
const BUDGET = { js: 170 * 1024, css: 30 * 1024 };
const DEMO = { email: 'demo@example.com', password: 'Demo-1234' };

/**
 * The first pages of the site; `member` routes are measured logged in as the demo member. `entry` pages are the
 * public entry pages of the first-load budget (home, every lander, profile landers, login); the
 * e2e suite checks the same budget (e2e/tests/platform/first-load-budget.spec.ts). `:member` is a demo profile.
 */
const ROUTES = [
  { path: '/', member: false, entry: true },
  { path: '/general-nl', member: false, entry: true },
  { path: '/landers/tinderswipe', member: false, entry: true },
  ...LANDER_VARIANTS.map((variant) => ({ path: `/landers/${variant}`, member: false, entry: true })),
  { path: '/members/:member/landing', member: false, entry: true },
  { path: '/members/:member/landing2/general-nl', member: false, entry: true },
  { path: '/members/:member/landing3', member: false, entry: true },
  { path: '/members/:member/signup', member: false, entry: true },
  { path: '/login', member: false, entry: true },
  { path: '/members', member: true },
  { path: '/chats', member: true },
  { path: '/credits', member: true },
];

async function buildTimes() {
  if (args.has('--no-build')) return [];
  const env = args.has('--warm') ? {} : { WEBPACK_CACHE: 'none' };
  Object.assign(process.env, env);
  console.log(
    `\n== build time per app (${args.has('--warm') ? 'filesystem cache' : 'cold, no cache'}, one at a time)`,
  );
  const results = [];
  for (const app of APPS) {
    const result = await buildApp(app, { quiet: true });
    results.push(result);
    console.log(
      `${app.padEnd(12)} ${(result.ms / 1000).toFixed(1).padStart(6)} s${result.code ? '  FAILED' : ''}`,
    );
  }
  if (hasApiBuild()) {
    const result = await buildApi({ quiet: true });
    console.log(
      `${'api'.padEnd(12)} ${(result.ms / 1000).toFixed(1).padStart(6)} s${result.code ? '  FAILED' : ''}`,
    );
  }
  delete process.env.WEBPACK_CACHE;
  if (results.some((result) => result.code !== 0)) throw new Error('a build failed');
  return results;
}

async function loggedInState(browser, url) {
  const context = await browser.newContext();
  const response = await context.request.post(`${url}/api/user.php`, {
    form: DEMO,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!response.ok()) {
    console.log(`(demo login failed: HTTP ${response.status()}; member routes are measured as a visitor)`);
    await context.close();
    return undefined;
  }
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A demo profile id for the profile landers (the visitor's member list). */
async function demoProfile(url) {
  const response = await fetch(`${url}/api/members.php`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const body = await response.json();
  return String(body.profiles?.[0]?.id ?? 1);
}

function libraryOf(url) {
  const match = url.match(/\/remotes\/([^/]+)\/[^/]+\/(.+)$/);
  return match ? `${match[1]}/${match[2]}` : new URL(url).pathname;
}

async function measurePages(url) {
  const browser = await launchBrowser();
  try {
    const member = await loggedInState(browser, url);
    const profile = await demoProfile(url);
    console.log('\n== first load per route (cold cache; JS/CSS = gzip level 9 of each body)');
    console.log(
      `${'route'.padEnd(40)} ${'requests'.padStart(8)} ${'JS gzip'.padStart(10)} ${'CSS gzip'.padStart(10)}  budget`,
    );
    const rows = [];
    for (const route of ROUTES) {
      const context = await browser.newContext(route.member && member ? { storageState: member } : {});
      const result = await measurePage(context, `${url}${route.path.replace(':member', profile)}`);
      await context.close();
      rows.push({ route, result });
      const verdict = route.entry ? (result.js <= BUDGET.js && result.css <= BUDGET.css ? 'OK' : 'OVER') : '';
      console.log(
        `${route.path.padEnd(40)} ${String(result.requests).padStart(8)} ${kb(result.js).padStart(10)} ${kb(result.css).padStart(10)}  ${verdict}` +
          (result.errors.length ? `  (${result.errors.length} console errors)` : ''),
      );
    }
    const home = rows[0].result;
    console.log(
      `\nbudget (every entry page): JS ${kb(BUDGET.js)}, CSS ${kb(BUDGET.css)}; ` +
        `over: ${
          rows
            .filter(({ route, result }) => route.entry && (result.js > BUDGET.js || result.css > BUDGET.css))
            .map(({ route }) => route.path)
            .join(', ') || 'none'
        }`,
    );
    console.log('\n== files of the first load of / (gzip)');
    for (const file of home.files.filter((f) => f.kind).sort((a, b) => b.gzip - a.gzip)) {
      console.log(`${kb(file.gzip).padStart(10)}  ${file.kind.padEnd(3)} ${libraryOf(file.url)}`);
    }
    for (const { route, result } of rows) {
      const failed = result.files
        .filter((file) => file.status >= 400)
        .map((file) => `${file.status} ${file.url}`);
      if (result.errors.length || failed.length) {
        console.log(
          `\n${route.path}: console errors / failed requests:\n  ${[...result.errors, ...failed].join('\n  ')}`,
        );
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}

function runApiBench(url, port) {
  const script = path.join(ROOT, 'tools', 'bench', 'api-throughput.mjs');
  if (!fs.existsSync(script)) {
    console.log('\n(api throughput: tools/bench/api-throughput.mjs not present)');
    return Promise.resolve();
  }
  console.log('\n== api throughput (tools/bench/api-throughput.mjs)');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, url], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_URL: url, BENCH_PORT: String(port) },
    });
    child.on('exit', resolve);
  });
}

/** Live delivery across two nodes on PostgreSQL + Redis (its own servers; see tools/bench/live-delivery.mjs). */
function runLiveBench() {
  console.log('\n== live delivery across two nodes (tools/bench/live-delivery.mjs)');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'tools', 'bench', 'live-delivery.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.on('exit', resolve);
  });
}

/** The send, the like and a page read against the database's own speed on the same statements (PostgreSQL). */
async function runDbRatio() {
  console.log('\n== the database vs HTTP on the same statements (tools/bench/db-ratio.mjs)');
  try {
    const { run } = await import('./db-ratio.mjs');
    await run();
  } catch (error) {
    console.log(`(db-ratio bench failed: ${error.message})`);
    process.exitCode = 1;
  }
}

/** A deploy switch seen by two nodes (PostgreSQL + Redis + an S3 server; see tools/bench/deploy-switch.mjs). */
async function runDeployBench() {
  console.log('\n== deploy switch across two nodes (tools/bench/deploy-switch.mjs)');
  try {
    const { run } = await import('./deploy-switch.mjs');
    await run();
  } catch (error) {
    console.log(`(deploy switch bench failed: ${error.message})`);
  }
}

/** A public photo served through the api from the local folder and from S3 (its own servers and s3rver). */
async function runPhotoBench() {
  console.log('\n== public photo through the api: local folder vs S3 (tools/bench/photo-serve.mjs)');
  try {
    const { run } = await import('./photo-serve.mjs');
    await run();
  } catch (error) {
    console.log(`(photo serving bench failed: ${error.message})`);
  }
}

/** Member search over 100,000 generated members on PostgreSQL (its own server and schema). */
async function runSearchBench() {
  console.log('\n== member search at scale (tools/bench/member-search.mjs)');
  try {
    const { run } = await import('./member-search.mjs');
    await run();
  } catch (error) {
    console.log(`(member search bench failed: ${error.message})`);
  }
}

/** The canary guard's decision rule, simulated: the earlier rule and the current one side by side (ADR 0032). */
function runGuardSim() {
  console.log('\n== canary guard decision rule, simulated (tools/bench/guard-sim.mjs)');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'tools', 'bench', 'guard-sim.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.on('exit', (code) => {
      if (code !== 0) process.exitCode = 1;
      resolve(code);
    });
  });
}

await buildTimes();
const server = await startTempServer();
console.log(`\nserver ${server.url} (DATA_DIR ${server.dataDir})`);
try {
  await measurePages(server.url);
  if (!args.has('--no-lighthouse')) {
    const { runLighthouse } = await import('./lighthouse.mjs');
    await runLighthouse(server.url);
  }
  if (args.has('--pages-only')) process.exitCode = 0;
  else await runApiBench(server.url, server.port);
} finally {
  await server.stop();
}
if (!args.has('--pages-only')) {
  await runDbRatio();
  // Server-rendered landers against client rendering (docs/adr/0030).
  const { runSsrBench } = await import('./ssr.mjs');
  await runSsrBench({ lighthouse: !args.has('--no-lighthouse') });
  await runLiveBench();
  await runDeployBench();
  await runPhotoBench();
  await runSearchBench();
  await runGuardSim();
}

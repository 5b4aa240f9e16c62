// Lighthouse 12 (mobile preset: the default config, simulated slow 4G and 4× CPU slowdown) on the entry pages
// and /members, against the built site: performance score and CLS per page.
// Targets: performance ≥ 95, CLS < 0.05. Scores depend on the machine's load (CPU timings feed the simulation):
// the load average is printed with the results. Usage: called by tools/bench/index.mjs, or on its own against a
// running server: `node tools/bench/lighthouse.mjs http://localhost:8080`.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LANDER_VARIANTS } from './lib/landers.mjs';

const DEMO = { email: 'demo@example.com', password: 'Demo-1234' };
const TARGET = { performance: 95, cls: 0.05 };

async function memberCookie(url) {
  const response = await fetch(`${url}/api/user.php`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(DEMO),
  });
  if (!response.ok) return undefined;
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function firstProfile(url) {
  const response = await fetch(`${url}/api/members.php`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  return (await response.json()).profiles?.[0]?.id ?? 1;
}

export async function runLighthouse(url, { only } = {}) {
  const profile = await firstProfile(url);
  const cookie = await memberCookie(url);
  const pages = [
    { path: '/' },
    { path: '/login' },
    // Server-rendered for visitors like the landers (docs/adr/0030, addendum "Login, signup and the static pages").
    { path: '/signup' },
    { path: '/pages/faq' },
    { path: '/members', cookie },
    { path: '/general-nl' },
    { path: '/landers/tinderswipe' },
    ...LANDER_VARIANTS.map((variant) => ({ path: `/landers/${variant}` })),
    { path: `/members/${profile}/landing` },
    { path: `/members/${profile}/landing2/general-nl` },
    { path: `/members/${profile}/landing3` },
    { path: `/members/${profile}/signup` },
  ].filter((page) => !only || only.includes(page.path));
  console.log(
    `\n== Lighthouse ${lighthouseVersion()} mobile (performance ≥ ${TARGET.performance}, CLS < ${TARGET.cls}); ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
  );
  console.log(
    `${'route'.padEnd(40)} ${'perf'.padStart(5)} ${'CLS'.padStart(7)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)}` +
      `  ${'bench'.padStart(5)} ${'load'.padStart(5)}  (bench: Lighthouse's benchmarkIndex, this machine's speed then)`,
  );
  const results = [];
  for (const page of pages) {
    // A fresh browser per page (no state carried over), and one more try when Lighthouse reports a runtime
    // error (NO_NAVSTART and the like happen on a machine this busy).
    let lhr = await audit(`${url}${page.path}`, page.cookie);
    if (lhr.runtimeError) lhr = await audit(`${url}${page.path}`, page.cookie);
    const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
    const cls = lhr.audits['cumulative-layout-shift'].numericValue ?? 0;
    const lcp = lhr.audits['largest-contentful-paint'].numericValue ?? 0;
    const tbt = lhr.audits['total-blocking-time'].numericValue ?? 0;
    const ok = !lhr.runtimeError && score >= TARGET.performance && cls < TARGET.cls;
    results.push({ path: page.path, score, cls, lcp, tbt, ok });
    console.log(
      `${page.path.padEnd(40)} ${String(score).padStart(5)} ${cls.toFixed(3).padStart(7)} ${`${(lcp / 1000).toFixed(2)} s`.padStart(8)} ${`${Math.round(tbt)} ms`.padStart(7)}` +
        `  ${String(Math.round(lhr.environment?.benchmarkIndex ?? 0)).padStart(5)} ${os.loadavg()[0].toFixed(1).padStart(5)}  ${ok ? 'OK' : 'MISSED'}` +
        (lhr.runtimeError ? `  (${lhr.runtimeError.code})` : ''),
    );
  }
  return results;
}

async function audit(pageUrl, cookie) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const runner = await lighthouse(pageUrl, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // `/members` as the demo member when it can log in (a production server has no demo member: then as a visitor).
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    return runner.lhr;
  } finally {
    await chrome.kill();
  }
}

function lighthouseVersion() {
  return '12';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv[2] || 'http://localhost:8080';
  await runLighthouse(url, { only: process.argv.slice(3).length ? process.argv.slice(3) : undefined });
}

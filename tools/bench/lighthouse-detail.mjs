// Where a page's Lighthouse mobile score goes (docs/adr/0030): for each path, the simulated FCP/LCP/TBT next to the
// observed (unthrottled) paint times, the LCP element and its phases, the long tasks (simulated 4× CPU) by script,
// and the request waterfall. Lantern builds the simulated FCP and LCP from every request and task that started before
// the observed paint, so the waterfall shows what a first paint waits for.
//   node tools/bench/lighthouse-detail.mjs [path …]          (after npm run build; a temp server, SSR on)
//   SSR=off node tools/bench/lighthouse-detail.mjs /         (the same page rendered by the browser)
//   node tools/bench/lighthouse-detail.mjs --member /members  (as the demo member: its session in the browser's cookie jar)
//   SCREENSHOT=/tmp/lh node tools/bench/lighthouse-detail.mjs /  (also writes the final screen, /tmp/lh_.jpg)
// Each page's line also names Lighthouse's benchmarkIndex (this machine's speed at that moment) and the load average:
// on a shared machine, compare runs made back to back.
//   CPU_SLOWDOWN=6.9 node tools/bench/lighthouse-detail.mjs /   (Lighthouse's CPU slowdown instead of its 4×: on a host
//   faster than a benchmarkIndex of 1,500, 4 × benchmarkIndex / 1,500 stands for the slow phone host)
import fs from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startTempServer } from '../lib/server.mjs';

const args = process.argv.slice(2);
const member = args.includes('--member');
const paths = args.filter((arg) => !arg.startsWith('--'));
if (!paths.length) paths.push('/');
const server = await startTempServer({
  env: {
    ...(process.env.SSR === 'off' ? { SSR: 'off' } : {}),
    // Not production for `--member`: production does not seed the demo member (its password is published).
    ...(member ? { NODE_ENV: 'test' } : {}),
  },
});
const ms = (n) => `${Math.round(n)} ms`;
const slowdown = Number(process.env.CPU_SLOWDOWN);
const throttling = slowdown > 0 ? { throttling: { cpuSlowdownMultiplier: slowdown } } : {};

/** The demo member's session cookies (the seed's demo@example.com), for `--member`, as name/value pairs. */
async function memberCookies() {
  const response = await fetch(`${server.url}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: 'email=demo%40example.com&password=Demo-1234',
  });
  if (!response.ok) throw new Error(`demo login: HTTP ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => {
    const [pair] = cookie.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
  });
}

/**
 * The member's cookies go into the browser's own cookie jar, which Lighthouse is told not to clear (a new browser
 * per page, so its cache is cold all the same). Not as an extra `Cookie` header: the page's first cookie of its own
 * (the shell writes `locale`) replaces such a header, and every later call went out logged out.
 */
async function memberPage(chrome, cookies) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  await browser.setCookie(...cookies);
  const [page] = await browser.pages();
  return { browser, page: page ?? (await browser.newPage()) };
}
try {
  const cookies = member ? await memberCookies() : null;
  for (const path of paths) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    let lhr;
    const session = cookies ? await memberPage(chrome, cookies) : null;
    try {
      ({ lhr } = await lighthouse(
        server.url + path,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...throttling,
          ...(session ? { disableStorageReset: true } : {}),
        },
        undefined,
        session?.page,
      ));
    } finally {
      await session?.browser.disconnect();
      await chrome.kill();
    }
    if (lhr.runtimeError) {
      // One failed recording (NO_NAVSTART and the like) says nothing of the page: name it, go on with the next.
      console.log(`== ${path}: Lighthouse failed (${lhr.runtimeError.code}); run it again`);
      continue;
    }
    const a = lhr.audits;
    if (process.env.SCREENSHOT) {
      const data = a['final-screenshot']?.details?.data ?? '';
      fs.writeFileSync(
        `${process.env.SCREENSHOT}${path.replaceAll('/', '_')}.jpg`,
        Buffer.from(data.split(',')[1] ?? '', 'base64'),
      );
    }
    const short = (url) => url.replace(server.url, '');
    const observed = a.metrics.details.items[0];
    console.log(
      `\n== ${path}: performance ${Math.round(lhr.categories.performance.score * 100)}, ` +
        `FCP ${ms(a['first-contentful-paint'].numericValue)}, LCP ${ms(a['largest-contentful-paint'].numericValue)}, ` +
        `TBT ${ms(a['total-blocking-time'].numericValue)}, CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}` +
        ` (observed: FCP ${ms(observed.observedFirstContentfulPaint)}, LCP ${ms(observed.observedLargestContentfulPaint)},` +
        ` load ${ms(observed.observedLoad)})`,
    );
    console.log(
      `benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}, CPU slowdown ${
        lhr.configSettings.throttling.cpuSlowdownMultiplier
      }×, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')}${process.env.SSR === 'off' ? ', SSR=off' : ''}${member ? ', as the demo member' : ''}`,
    );
    const element = a['largest-contentful-paint-element'].details?.items?.[0]?.items?.[0]?.node;
    if (element) console.log(`LCP element: ${element.selector} "${element.nodeLabel}"`);
    const shifts = (a['layout-shifts']?.details?.items ?? []).map(
      (shift) => `${shift.node?.selector ?? 'unknown'} ${shift.score.toFixed(3)}`,
    );
    if (shifts.length) console.log(`layout shifts: ${shifts.join(', ')}`);
    const tasks = (a['long-tasks'].details?.items ?? []).map((t) => `${short(t.url)} ${ms(t.duration)}`);
    console.log(`long tasks: ${tasks.join(', ') || 'none'}`);
    const boot = (a['bootup-time'].details?.items ?? []).map(
      (b) => `${short(b.url)} ${ms(b.total)} (script ${ms(b.scripting)}, parse ${ms(b.scriptParseCompile)})`,
    );
    console.log(`JavaScript time by script (simulated): ${boot.join(', ') || 'none'}`);
    for (const r of a['network-requests'].details.items) {
      console.log(
        `  ${ms(r.networkRequestTime).padStart(7)} → ${ms(r.networkEndTime).padStart(7)}  ${r.resourceType.padEnd(10)}` +
          ` ${`${(r.transferSize / 1024).toFixed(1)} KB`.padStart(8)}  ${short(r.url)}`,
      );
    }
  }
} finally {
  await server.stop();
}

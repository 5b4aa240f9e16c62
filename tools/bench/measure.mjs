// Loads one page in Debian's Chromium and sums what the first load fetched. JS and CSS bytes are the gzip
// (level 9) size of each body, the size the server sends precompressed, so numbers do not depend on the
// server's negotiation or on caching headers.
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { watchFirstLoad } from './page-settle.cjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

function gzipSize(buffer) {
  return zlib.gzipSync(buffer, { level: 9 }).length;
}

/**
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 * @param {{ settle?: (page: import('playwright-core').Page) => Promise<void> }} [options]
 */
export async function measurePage(context, url, { settle } = {}) {
  const page = await context.newPage();
  const responses = [];
  const errors = [];
  const firstLoad = watchFirstLoad(page);
  page.on('response', (response) => responses.push(response));
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (settle) await settle(page);
  await firstLoad.settled();
  const files = [];
  for (const response of responses) {
    const type = response.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : null;
    let gzip = 0;
    if (kind) {
      const body = await response.body().catch(() => Buffer.alloc(0));
      gzip = gzipSize(body);
    }
    files.push({ url: response.url(), type, kind, status: response.status(), gzip });
  }
  await page.close();
  const sum = (kind) =>
    files.filter((file) => file.kind === kind).reduce((total, file) => total + file.gzip, 0);
  return { url, requests: files.length, js: sum('js'), css: sum('css'), files, errors };
}

export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

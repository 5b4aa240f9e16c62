// When a page of the site has finished its first load: shared by the bench (measure.mjs) and the e2e first-load
// check (e2e/support/first-load.ts), so both wait the same way. CommonJS, so the e2e's TypeScript (run as
// CommonJS by Playwright) and the bench's ES modules can both load it; types in page-settle.d.cts.
'use strict';

/** How long the network must be quiet, and how long to wait at the most. */
const QUIET_MS = 1000;
const MAX_WAIT_MS = 30_000;

/**
 * Watches `page`'s requests; call before `page.goto`. networkidle alone can fire while the CPU still runs the
 * shell on a busy machine: every page of the site is a remote's page, so `settled()` waits until its exposed
 * module's script was requested, then for a quiet second (30 s at most). The script, not any file of it: a
 * server-rendered page links the module's CSS in its HTML, and its scripts start only after the first paint, which
 * on a loaded machine came more than a quiet second later (a measured /login of 0 KB).
 */
function watchFirstLoad(page) {
  let inFlight = 0;
  let lastActivity = Date.now();
  let exposedModule = false;
  page.on('request', (request) => {
    inFlight += 1;
    lastActivity = Date.now();
    if (request.resourceType() === 'script' && request.url().includes('__federation_expose_'))
      exposedModule = true;
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      const deadline = Date.now() + MAX_WAIT_MS;
      while (
        Date.now() < deadline &&
        !(exposedModule && inFlight === 0 && Date.now() - lastActivity > QUIET_MS)
      ) {
        await page.waitForTimeout(100);
      }
    },
  };
}

module.exports = { watchFirstLoad };

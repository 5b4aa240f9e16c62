import type { Page } from '@playwright/test';
import type { TelemetryReport, TelemetryView } from '@dating/shared/contract/telemetry';
import { expect, test } from '../../support/fixtures';

/**
 * The page load's Web Vitals as the canary guard gets them (docs/adr/0032-canary-guard.md, addendum of 29 November
 * 2026): the shell's own observers (shell/src/telemetry/vitals.ts) put LCP, CLS and, after an interaction, INP into
 * the view of the app that drew the page, and that view goes out in the beacon sent when the page is left. Real
 * Chromium entries, a real departure (about:blank).
 */

const KEY = 'e2e-telemetry-beacons';

/**
 * Keeps a copy of every telemetry beacon the page sends in the origin's localStorage, read back once the page was
 * left (Playwright sees no request of a page that is being unloaded, and the beacon's body is a Blob, which cannot be
 * read while the page goes). The beacon itself is still sent to the server as ever.
 */
async function recordBeacons(page: Page): Promise<void> {
  await page.context().addInitScript((key) => {
    const NativeBlob = Blob;
    const parts = new WeakMap<Blob, BlobPart[]>();
    window.Blob = class extends NativeBlob {
      constructor(blobParts?: BlobPart[], options?: BlobPropertyBag) {
        super(blobParts, options);
        if (blobParts) parts.set(this, blobParts);
      }
    };
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const queued = send(url, data);
      if (String(url).includes('/api/telemetry.php') && data instanceof NativeBlob) {
        const kept = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[];
        kept.push({ queued, body: (parts.get(data) ?? []).join('') });
        localStorage.setItem(key, JSON.stringify(kept));
      }
      return queued;
    };
  }, KEY);
}

/** The page load's view of mf-landers in the beacons the page sent before it was left. */
async function landerView(page: Page): Promise<TelemetryView> {
  // Back on the site's origin (a JSON answer: no page scripts) to read what the page kept.
  await page.goto('/api/settings.php', { waitUntil: 'load' });
  const kept = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { queued: boolean; body: string }[],
    KEY,
  );
  expect(kept.length, 'beacons sent when the page was left').toBeGreaterThan(0);
  expect(kept.map((b) => b.queued)).toEqual(kept.map(() => true));
  const views = kept.flatMap((b) => (JSON.parse(b.body) as TelemetryReport).views);
  const view = views.find((v) => v.app === 'mf-landers' && v.seq === 0);
  expect(view, JSON.stringify(views)).toBeDefined();
  return view!;
}

async function openLander(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Painted and settled: the LCP entry of the heading is in before the page is left.
  await page.waitForLoadState('networkidle');
}

test("a visitor who leaves: the lander's view carries the page load's LCP and CLS, and no INP", async ({
  page,
}) => {
  await recordBeacons(page);
  await openLander(page);
  await page.goto('about:blank');
  const view = await landerView(page);
  expect(view.lcp, 'LCP (ms)').toBeGreaterThan(0);
  expect(view.cls, 'CLS').toBeGreaterThanOrEqual(0);
  expect(view.inp).toBeUndefined();
});

test("a visitor who clicks, then leaves: LCP (ended by the click), CLS and the click's INP", async ({
  page,
}) => {
  await recordBeacons(page);
  await openLander(page);
  await page.getByRole('heading', { level: 1 }).first().click();
  await page.goto('about:blank');
  const view = await landerView(page);
  expect(view.lcp, 'LCP (ms)').toBeGreaterThan(0);
  expect(view.cls, 'CLS').toBeGreaterThanOrEqual(0);
  expect(view.inp, 'INP (ms)').toBeGreaterThan(0);
});

import type { Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { firstListedMember, getJson, loginViaApi } from '../../support/site';

/** The site installs as an app, works offline as far as saying so, and runs standalone. */

/** Waits until the service worker controls the page and has the offline page in its cache. */
async function offlinePageCached(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          return Boolean(await caches.match('/offline.html'));
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test('the page links the site manifest, and the manifest its icons', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await getJson<{ display: string; icons: { src: string; sizes: string }[] }>(
    page.request,
    href!,
  );
  expect(manifest.display).toBe('standalone');
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type'], icon.src).toBe('image/png');
  }
});

test('offline after a first visit, a page shows the translated offline page', async ({ page, context }) => {
  await page.goto('/');
  await offlinePageCached(page);
  await context.setOffline(true);
  await page.goto('/login').catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1, name: 'Je bent offline' })).toBeVisible();
  // Back online, "try again" is the page the visitor asked for.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Opnieuw proberen' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('form', { name: 'Inloggen' })).toBeVisible();
});

test('the offline page is in the language the visitor chose', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'de', url: baseURL! }]);
  await page.goto('/');
  await offlinePageCached(page);
  await context.setOffline(true);
  await page.reload().catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist offline' })).toBeVisible();
  await context.setOffline(false);
});

test.describe('installed (display-mode standalone)', () => {
  test.beforeEach(async ({ context }) => {
    // What the browser reports for an installed app: `(display-mode: standalone)` matches.
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        if (!/display-mode:\s*standalone/.test(query)) return original(query);
        const noop = () => undefined;
        return {
          matches: true,
          media: query,
          onchange: null,
          addListener: noop,
          removeListener: noop,
          addEventListener: noop,
          removeEventListener: noop,
          dispatchEvent: () => false,
        } as MediaQueryList;
      };
    });
  });

  test('the back button shows on the routes docs/product/routes-and-layouts.md names and goes back', async ({
    page,
  }) => {
    await loginViaApi(page);
    await page.goto('/members');
    const back = page.getByRole('button', { name: 'Terug' });
    // The member list (members is not a route with a back button), then a profile from it (members-id is): the
    // first one the list shows (it searches whom the member looks for, so it need not be members.php's first).
    const id = await firstListedMember(page);
    const profileLink = page.locator(`#main a[href="/members/${id}"]`).first();
    await expect(profileLink).toBeVisible();
    await expect(back).toHaveCount(0);
    await profileLink.click();
    await expect(page).toHaveURL(new RegExp(`/members/${id}$`));
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(profileLink).toBeVisible();
    await expect(back).toHaveCount(0);
    await page.goto('/credits');
    await expect(back).toBeVisible();
  });

  test('without standalone mode there is no back button', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginViaApi(page);
    await page.goto('/members');
    const id = await firstListedMember(page);
    await page.locator(`#main a[href="/members/${id}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/members/${id}$`));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Terug' })).toHaveCount(0);
    await context.close();
  });
});

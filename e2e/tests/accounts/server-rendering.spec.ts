import type { Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { remoteAsset } from '../../support/requests';
import { waitForShell } from '../../support/shell-start';
import { DEMO, loginForm } from '../../support/site';

// `/login`, `/signup` and the static pages are server-rendered like the landers (docs/adr/0030, addendum "Login,
// signup and the static pages"): the page is in the HTML, the browser hydrates the same nodes with no mismatch and
// no second request for what was rendered, and a form filled in or sent before hydration loses nothing.

/** The markup of `#root` in the server's HTML. */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\n<script type="application\/json"/.exec(html)![1]!;

/** Keeps the page's first heading (the server's) to compare with the one on the page once it is hydrated. */
async function rememberServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverHeading: Element | null }).serverHeading =
        document.querySelector('#main h1');
    });
  });
}
const sameHeading = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { serverHeading: Element | null }).serverHeading ===
      document.querySelector('#main h1'),
  );

for (const { url, heading } of [
  { url: '/login', heading: 'Inloggen' },
  { url: '/signup', heading: /aanmelden|account/i },
  { url: '/pages/faq', heading: /.+/ },
  { url: '/pages/terms', heading: /.+/ },
]) {
  test(`${url} arrives rendered and hydrates onto the same nodes, with no console error`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const markup = rootOf(await (await request.get(url)).text());
    expect(markup, 'the page is in the HTML').toContain('data-layout="default"');
    expect(markup).toContain('<h1');
    await rememberServerHeading(page);
    const company: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/companyinfo.php')) company.push(r.url());
    });
    await page.goto(url);
    await expect(page.locator('#main h1').first()).toHaveText(heading);
    await waitForShell(page);
    await page.waitForLoadState('networkidle');
    expect(await sameHeading(page), "the server's heading was kept, not replaced").toBe(true);
    expect(company, 'what the server rendered with is not fetched again').toEqual([]);
    expect(consoleErrors, 'no hydration mismatch or other console error').toEqual([]);
  });
}

/** Holds back mf-account's code (not its styles) until `release()`, as a slow phone would. */
async function holdAccountCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => {
      const asset = remoteAsset(url.toString());
      return asset?.app === 'mf-account' && asset.file.endsWith('.js');
    },
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

test('login typed and sent before the form is hydrated: nothing is lost, the member is logged in', async ({
  page,
  consoleErrors,
}) => {
  const release = await holdAccountCode(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const form = loginForm(page);
  await form.getByLabel('E-mailadres').fill(DEMO.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  // The browser did not send the form itself (no password in the address, no page load).
  expect(page.url()).not.toContain('password');
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/members/, { timeout: 30_000 });
  expect(consoleErrors).toEqual([]);
});

test('login typed before hydration and sent after it logs in', async ({ page, consoleErrors }) => {
  const release = await holdAccountCode(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const form = loginForm(page);
  await form.getByLabel('E-mailadres').fill(DEMO.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.password);
  release();
  await waitForShell(page);
  // Hydrated: the account remote's handlers are on the form (its chunk has run).
  await page.waitForLoadState('networkidle');
  await expect(form.getByLabel('E-mailadres')).toHaveValue(DEMO.email);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members/, { timeout: 30_000 });
  expect(consoleErrors).toEqual([]);
});

test('the signup page is disabled, with the reason shown, until it is hydrated', async ({
  page,
  consoleErrors,
}) => {
  const release = await holdAccountCode(page);
  await page.goto('/signup', { waitUntil: 'domcontentloaded' });
  await expect(page.getByTestId('signup-loading')).toBeVisible();
  // Its fields are in a disabled fieldset: nothing can be typed that hydration would lose.
  await expect(page.getByLabel('Profielnaam')).toBeDisabled();
  release();
  await expect(page.getByTestId('signup-loading')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByLabel('Profielnaam')).toBeEditable();
  expect(consoleErrors).toEqual([]);
});

test('a member on /login is still sent on (no server rendering for members)', async ({ page, request }) => {
  await page.request.post('/api/user.php', {
    form: { email: DEMO.email, password: DEMO.password },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const html = await (await page.request.get('/login')).text();
  expect(rootOf(html)).toBe('');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/members/);
  void request;
});

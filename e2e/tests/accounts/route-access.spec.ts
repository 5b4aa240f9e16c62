import type { Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { accountMenu, sessionUser } from '../../support/account';
import { firstListedMember, loginViaApi, XHR } from '../../support/site';

// The access rules of the route table (docs/adr/0023), as a visitor and a member meet them in the browser.

/** Every path the page shows from now on, client-side navigations and redirects included. */
function pathsShown(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const { pathname } = new URL(frame.url());
    if (paths[paths.length - 1] !== pathname) paths.push(pathname);
  });
  return paths;
}

test('logout from a members-only page opens the home page, never /login on the way', async ({ page }) => {
  await loginViaApi(page);
  await page.goto('/likes');
  await expect(accountMenu(page)).toBeVisible();
  const shown = pathsShown(page);
  await accountMenu(page).click();
  await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
  await expect.poll(() => sessionUser(page.request)).toBe(false);
  // Still there once the store has forgotten the member.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect(shown).not.toContain('/login');
  expect(shown).not.toContain('/members');
  // A members-only page now sends the visitor to /login with the way back.
  await page.goto('/chats');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/chats',
  );
});

test('a session that ended elsewhere sends the member to /login from the page that found out, and back after login', async ({
  page,
}) => {
  // Without the live channel: it would learn of the logout on its own (the server closes the stream, the
  // reconnect is refused) and could log the page out before the click below; here the next call finds out.
  await page.route('**/api/live.php*', (route) => route.abort());
  await loginViaApi(page);
  await page.goto('/members');
  await expect(accountMenu(page)).toBeVisible();
  // The member list has loaded (its search, with the member's defaults, is answered), so no call of /members is
  // still on its way to find out first: the page that finds out is the one opened below.
  await firstListedMember(page);
  await page.waitForLoadState('networkidle');
  // The session ends on the server (another tab logged out); this page does not know yet.
  const ended = await page.request.get('/api/logout.php', { headers: XHR });
  expect(ended.ok()).toBe(true);
  // The settings (the account section of the profile page) ask for the blocked members: 403 auth_required ends
  // the session in the store too.
  await accountMenu(page).click();
  await page.getByRole('banner').getByRole('link', { name: 'Instellingen' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/profile?tab=settings',
  );
  await expect(accountMenu(page)).toHaveCount(0);

  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('E-mailadres').fill('demo@example.com');
  await form.getByLabel('Wachtwoord', { exact: true }).fill('Demo-1234');
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/profile' && url.searchParams.get('tab') === 'settings',
  );
  await expect(page.getByRole('region', { name: 'Geblokkeerde leden' })).toBeVisible();
});

test.describe('member search for visitors (docs/product/member-model.md)', () => {
  // she.localhost: logged_out_search none, logged_out_search_trafficsource other (api/src/seed/demo.ts).
  // Chromium resolves every *.localhost name to this machine.
  const she = (baseURL: string | undefined) => baseURL!.replace('127.0.0.1', 'she.localhost');

  test('closed search sends a visitor to /login; a traffic source opens it where the site allows that', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: she(baseURL), locale: 'de-DE' });
    await context.addInitScript(() =>
      window.localStorage.setItem('site-entry-warning-closed', String(Math.floor(Date.now() / 1000))),
    );
    const page = await context.newPage();
    await page.goto('/members');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/members',
    );

    const members = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/members.php',
    );
    await page.goto('/members?network=ads');
    await expect(page).toHaveURL((url) => url.pathname === '/members');
    expect((await members).status()).toBe(200);
    await context.close();
  });

  test('on the default site visitors may search', async ({ page }) => {
    await page.goto('/members');
    await expect(page).toHaveURL((url) => url.pathname === '/members');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
  });
});

import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type Response,
} from '@playwright/test';

/** The demo member every fresh database is seeded with (docs/adr/0007-server-by-domain.md commands, api seed). */
export const DEMO = { email: 'demo@example.com', password: 'Demo-1234' } as const;

/** Header the server requires on state-changing calls (CSRF guard, docs/adr/0007-server-by-domain.md). */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' } as const;

/**
 * The page's next answer of its live stream (`/api/live.php`, with or without the `?last_event_id=` a member page's
 * first stream resumes from).
 */
export function liveStreamAnswer(page: Page): Promise<Response> {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live.php');
}

/** localStorage key of the site-entry warning's dismissal (shell/src/lib/dismissals.ts). */
const ENTRY_WARNING_KEY = 'site-entry-warning-closed';

/**
 * Marks the adult-content warning as closed before any page script runs, as for a visitor who confirmed it on
 * an earlier visit. The warning is a locked modal; flows that are not about it would otherwise depend on whether
 * the server located 127.0.0.1 in an allowed country.
 */
export async function skipEntryWarning(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    try {
      if (!window.localStorage.getItem(key))
        window.localStorage.setItem(key, String(Math.floor(Date.now() / 1000)));
    } catch {
      // Storage unavailable (opaque origin such as about:blank): nothing to skip there.
    }
  }, ENTRY_WARNING_KEY);
}

export interface SiteDataRemote {
  name: string;
  entry: string;
  version: string;
}
export interface SiteData {
  user: false | ({ profile?: { id: number; name: string } } & Record<string, unknown>);
  locale: string;
  remotes: SiteDataRemote[];
  settings: Record<string, unknown>;
}

/** The JSON block the server inlines into every HTML page (`<script id="site-data">`). */
export async function readSiteData(page: Page): Promise<SiteData> {
  const text = await page.locator('script#site-data').textContent();
  expect(text, 'the page has an inlined site-data block').toBeTruthy();
  return JSON.parse(text!) as SiteData;
}

/** Logs in through the API with the page's own cookie jar (fast set-up for flows that are not about login). */
export async function loginViaApi(page: Page, credentials: { email: string; password: string } = DEMO) {
  const response = await page.request.post('/api/user.php', {
    form: { email: credentials.email, password: credentials.password },
    headers: XHR,
  });
  expect(response.status(), `login of ${credentials.email}: ${await response.text()}`).toBe(200);
  return (await response.json()) as {
    user: { profile: { id: number; name: string } } & Record<string, unknown>;
  };
}

/** The login form of mf-account at /login (labels in nl, the default locale). */
export function loginForm(page: Page) {
  return page.getByRole('form', { name: 'Inloggen' });
}

/** Logs in the way a member does: /login, fill the form, submit; waits until the members' home is shown. */
export async function loginViaForm(page: Page, credentials: { email: string; password: string } = DEMO) {
  await page.goto('/login');
  const form = loginForm(page);
  await form.getByLabel('E-mailadres').fill(credentials.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(credentials.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members$/);
}

/** `GET` a JSON API route with the page's cookies (what the browser itself would get). */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: XHR });
  expect(response.ok(), `GET ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The remotes the server currently inlines into its HTML (what the next page load will use). */
export async function servedRemotes(request: APIRequestContext): Promise<SiteDataRemote[]> {
  const html = await (await request.get('/', { headers: { 'Cache-Control': 'no-cache' } })).text();
  const json = /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the HTML inlines the site data').toBeTruthy();
  return (JSON.parse(json!) as SiteData).remotes;
}

/**
 * Waits until the server serves `version` of the remote `name` (e.g. `mf_payments`). The server reloads the deploy
 * registry when a deploy command commits (PostgreSQL NOTIFY, or applied by the embedded server itself:
 * api/src/domains/sites/registry.ts), so a switch shows on the page loads after that reload.
 */
export async function waitUntilServed(
  request: APIRequestContext,
  name: string,
  version: string,
): Promise<void> {
  await expect
    .poll(async () => (await servedRemotes(request)).find((remote) => remote.name === name)?.version, {
      message: `the server serves ${name} ${version}`,
    })
    .toBe(version);
}

/** The id of the first profile the member list shows (waits for the list). */
export async function firstListedMember(page: Page): Promise<string> {
  const link = page.locator('#main a[href^="/members/"]').first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  const id = /^\/members\/(\d+)$/.exec(href)?.[1];
  if (!id) throw new Error(`the first member link is not a profile: ${href}`);
  return id;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { readRegistry, ROOT, runTool } from '../../support/registry';
import { remoteAsset } from '../../support/requests';
import { waitForShell } from '../../support/shell-start';

// Server-rendered landers (docs/adr/0030): the lander is in the HTML, the browser hydrates it (the same nodes, no
// mismatch, no second request for what was rendered), and a broken or canary server bundle behaves per version.

const APP = 'mf-landers';
const HEADLINE = 'Ontmoet singles in de buurt die hetzelfde willen als jij';
const VARIANTS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
];

/** The markup of `#root` in the server's HTML. */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\n<script type="application\/json"/.exec(html)![1]!;

/** The registry is re-read at most once a second. */
const registrySettles = () => new Promise((resolve) => setTimeout(resolve, 1500));

let memberId: number;
test.beforeAll(async ({ request }) => {
  const members = (await (
    await request.get('/api/members.php?numResults=1', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })
  ).json()) as {
    profiles: { id: number }[];
  };
  memberId = members.profiles[0]!.id;
});

const pages = () => [
  '/',
  '/general-nl',
  '/landers/tinderswipe',
  ...VARIANTS.map((variant) => `/landers/${variant}`),
  `/members/${memberId}/landing`,
  `/members/${memberId}/landing2`,
  `/members/${memberId}/landing3`,
  `/members/${memberId}/signup`,
];

test('every lander arrives rendered and hydrates onto the same nodes, with no console error', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  for (const url of pages()) {
    const raw = await request.get(url);
    expect(raw.status(), url).toBe(200);
    const markup = rootOf(await raw.text());
    expect(markup, `${url}: the lander is in the HTML`).toContain('data-layout="lander"');

    // The first heading the HTML painted is still the one on the page once React has hydrated (no replacement).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverHeading: Element | null }).serverHeading =
          document.querySelector('#main h1');
      });
    });
    const members: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/members.php')) members.push(r.url());
    });
    await page.goto(url);
    await expect(page.locator('#main h1').first()).toBeVisible();
    // Hydrated: React's handlers are on the nodes (a click on the call to action opens the modal below).
    await waitForShell(page);
    await page.waitForLoadState('networkidle');
    const same = await page.evaluate(
      () =>
        (window as unknown as { serverHeading: Element | null }).serverHeading ===
        document.querySelector('#main h1'),
    );
    expect(same, `${url}: the server's heading was kept, not replaced`).toBe(true);
    if (url === '/') expect(members, 'the members rendered on the server are not fetched again').toEqual([]);
  }
  expect(consoleErrors, 'no hydration mismatch or other console error').toEqual([]);
});

test('interactive after hydration: the call to action opens the signup modal', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  expect(rootOf(await (await page.request.get('/')).text())).toContain(HEADLINE);
  await waitForShell(page);
  await page.getByTestId('lander-cta').first().click();
  await expect(page.getByTestId('signup-modal')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

/**
 * Holds back the lander's own code (not its styles) until `release()`, as a slow phone's network or CPU would: its
 * buttons are the server's markup, with no handler yet.
 */
async function holdLanderCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => {
      const asset = remoteAsset(url.toString());
      return asset?.app === 'mf-landers' && asset.file.endsWith('.js');
    },
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

test('a tap on the call to action before the page is hydrated is not lost: the modal opens once it is', async ({
  page,
  consoleErrors,
}) => {
  const release = await holdLanderCode(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByTestId('lander-cta').first().click();
  await expect(page.getByTestId('signup-modal')).toHaveCount(0);
  release();
  const form = page.getByTestId('signup-modal').getByRole('form', { name: 'Maak je account aan' });
  await expect(form.getByLabel('Profielnaam')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

// Every other button of a lander that leads to signup keeps its tap the same way: a photo, a profile's button.
for (const { url, button } of [
  { url: '/', button: /^Foto van / },
  { url: '/landers/gallery', button: /^Bekijk / },
]) {
  test(`${url}: a tap on a photo before the page is hydrated is not lost: the modal opens once it is`, async ({
    page,
    consoleErrors,
  }) => {
    const release = await holdLanderCode(page);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const photo = page.locator('#main').getByRole('button', { name: button }).nth(1);
    await expect(photo).toHaveAttribute('data-signup-source', /.+/);
    await photo.click();
    await expect(page.getByTestId('signup-modal')).toHaveCount(0);
    release();
    const form = page.getByTestId('signup-modal').getByRole('form', { name: 'Maak je account aan' });
    await expect(form.getByLabel('Profielnaam')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}

test('with JavaScript off the lander is there, with a link to the signup page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/landers/gallery');
  await expect(page.locator('#main h1').first()).toBeVisible();
  const signup = page.getByTestId('nav-signup-noscript');
  await expect(signup).toBeVisible();
  await expect(signup).toHaveAttribute('href', '/signup');
  await context.close();
});

/** A copy of mf-landers' build, changed by `change(file, text)` for each of its server bundle's files. */
function changedBuild(change: (text: string) => string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-ssr-landers-'));
  fs.cpSync(path.join(ROOT, APP, 'dist'), copy, { recursive: true });
  const entry = path.join(copy, 'server', 'remoteEntry.js');
  fs.writeFileSync(entry, change(fs.readFileSync(entry, 'utf8')));
  return copy;
}

test('a remote whose server bundle throws: the page is still served, rendered by the browser', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const copy = changedBuild(() => 'throw new Error("a broken server bundle");');
  try {
    runTool('deploy', [APP, '--dist', copy]);
    await registrySettles();
    const raw = await request.get('/');
    expect(raw.status()).toBe(200);
    expect(rootOf(await raw.text())).toBe('');
    await page.goto('/');
    await expect(page.getByTestId('lander-title')).toHaveText(HEADLINE);
  } finally {
    runTool('deploy', [APP]);
    fs.rmSync(copy, { recursive: true, force: true });
    await registrySettles();
  }
});

test('a canary changes what the server renders for the visitors of that arm only', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stable = readRegistry().apps[APP]!.current;
  const marker = `Canary SSR ${Date.now().toString(36)}`;
  const copy = changedBuild((text) => text.split(HEADLINE).join(marker));
  try {
    runTool('deploy', [APP, '--canary', '50', '--dist', copy]);
    const canary = readRegistry().apps[APP]!.canary!.version;
    await registrySettles();
    const seen = new Set<string>();
    for (let i = 0; i < 24 && seen.size < 2; i++) {
      // A new visitor each time (no cookies).
      const visitor = await playwright.request.newContext({ baseURL });
      const html = await (await visitor.get('/')).text();
      const version = JSON.parse(/id="site-data">([\s\S]*?)<\/script>/.exec(html)![1]!).remotes.find(
        (r: { name: string }) => r.name === 'mf_landers',
      ).version as string;
      seen.add(version);
      const markup = rootOf(html);
      if (version === canary) {
        expect(markup).toContain(marker);
        expect(markup).not.toContain(HEADLINE);
      } else {
        expect(version).toBe(stable);
        expect(markup).toContain(HEADLINE);
        expect(markup).not.toContain(marker);
      }
      await visitor.dispose();
    }
    expect(seen).toEqual(new Set([stable, canary]));
  } finally {
    runTool('rollback', [APP]);
    runTool('deploy', [APP]);
    fs.rmSync(copy, { recursive: true, force: true });
    await registrySettles();
  }
});

test('a member id of another site or an unknown variant: the 404 page in the HTML, status 404', async ({
  page,
  request,
}) => {
  const res = await request.get('/landers/nope');
  expect(res.status()).toBe(404);
  expect(rootOf(await res.text())).toContain('404');
  await page.goto('/landers/nope');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
});

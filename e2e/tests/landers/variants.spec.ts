import { test, expect } from '../../support/fixtures';
import { experimentReport, signUpInModal, TRACKING } from '../../support/landers';
import { getJson } from '../../support/site';

interface Lander {
  page: string;
  path: (member: number) => string;
  /** The lander's own code chunk (React.lazy): the page loads it and no other lander's. */
  chunk: string | null;
  /** How a visitor reaches the signup modal from this lander. */
  open: 'cta' | 'like';
}

const LANDERS: Lander[] = [
  { page: 'home', path: () => '/', chunk: null, open: 'cta' },
  { page: 'token', path: () => '/general-nl', chunk: 'lander-home', open: 'cta' },
  { page: 'tinderswipe', path: () => '/landers/tinderswipe', chunk: 'lander-tinderswipe', open: 'like' },
  { page: 'alonetonight', path: () => '/landers/alonetonight', chunk: 'lander-alonetonight', open: 'cta' },
  { page: 'collagelanding', path: () => '/landers/collagelanding', chunk: 'lander-collage', open: 'cta' },
  { page: 'gallery', path: () => '/landers/gallery/general-nl', chunk: 'lander-gallery', open: 'cta' },
  { page: 'iconslanding', path: () => '/landers/iconslanding', chunk: 'lander-icons', open: 'cta' },
  { page: 'maplanding', path: () => '/landers/maplanding', chunk: 'lander-map', open: 'cta' },
  { page: 'socialnetwork', path: () => '/landers/socialnetwork', chunk: 'lander-social', open: 'cta' },
  {
    page: 'transitionsvideolanding',
    path: () => '/landers/transitionsvideolanding',
    chunk: 'lander-transitions',
    open: 'cta',
  },
  { page: 'video', path: () => '/landers/video', chunk: 'lander-video', open: 'cta' },
  { page: 'landing', path: (id) => `/members/${id}/landing`, chunk: 'lander-profile-card', open: 'cta' },
  {
    page: 'landing2',
    path: (id) => `/members/${id}/landing2/general-nl`,
    chunk: 'lander-profile-chat',
    open: 'cta',
  },
  { page: 'landing3', path: (id) => `/members/${id}/landing3`, chunk: 'lander-profile-match', open: 'cta' },
];

test.describe('every lander is its own page and leads to signup with the tracking kept', () => {
  let member = 0;
  test.beforeAll(async ({ request }) => {
    const { profiles } = await getJson<{ profiles: { id: number }[] }>(request, '/api/members.php');
    member = profiles[0]!.id;
  });

  for (const lander of LANDERS) {
    test(`${lander.page}`, async ({ page, consoleErrors }) => {
      const chunks: string[] = [];
      page.on('request', (r) => {
        // Production chunk names carry no hash (a version's folder is immutable); a dev build's do.
        const name = /\/remotes\/mf-landers\/[^/]+\/(lander-[\w-]+?)(?:\.[0-9a-f]{8})?\.js$/.exec(
          r.url(),
        )?.[1];
        if (name) chunks.push(name);
      });
      const query = new URLSearchParams({ ...TRACKING, sub1: lander.page }).toString();
      const response = await page.goto(`${lander.path(member)}?${query}`);
      expect(response?.status()).toBe(200);

      const root = page.getByTestId(`lander-${lander.page}`);
      await expect(root).toBeVisible();
      await expect(root.getByTestId('lander-title')).not.toBeEmpty();
      // The lander is in the server's HTML (docs/adr/0030): its chunk arrives with the hydration, after it is visible.
      if (lander.chunk)
        await expect
          .poll(() => chunks, { message: 'only this lander’s code is loaded' })
          .toEqual([lander.chunk]);
      else
        expect(
          chunks.filter((chunk) => chunk !== 'lander-home'),
          'the home lander loads no other lander',
        ).toEqual([]);
      // Every image has its size set, so nothing moves when it arrives.
      const unsized = await page.locator('main img:not([width]), main img:not([height])').count();
      expect(unsized).toBe(0);

      if (lander.open === 'like') await root.getByRole('button', { name: 'Leuk' }).click();
      else await root.getByTestId('lander-cta').first().click();
      const signup = await signUpInModal(page, `lander-${lander.page}`);
      expect(signup.postDataJSON()).toMatchObject({ ...TRACKING, sub1: lander.page });
      expect(consoleErrors).toEqual([]);
    });
  }

  test('the server counted each signup for the lander it came from', async ({ playwright, baseURL }) => {
    const operator = await playwright.request.newContext({ baseURL });
    const report = await experimentReport(operator);
    const variants = new Map<string, number>();
    for (const version of report.versions) {
      for (const variant of version.variants)
        variants.set(variant.variant, (variants.get(variant.variant) ?? 0) + variant.signups);
    }
    for (const lander of LANDERS) expect(variants.get(lander.page), lander.page).toBeGreaterThanOrEqual(1);
    await operator.dispose();
  });
});

test.describe('unknown landers are a real 404 with the site’s error page', () => {
  for (const path of [
    '/landers/unknown',
    '/landers/gallery/bdsm-nl',
    '/landers/gallery/general-xx',
    '/landers/tinderswipe/extra',
    '/bdsm-nl',
    '/members/999999/landing',
    '/members/abc/landing',
    '/members/999999/landing3/general-nl',
  ]) {
    test(path, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeVisible();
    });
  }
});

import type { Page } from '@playwright/test';
import { fillBirthdate } from '../../support/account';
import { expect, test } from '../../support/fixtures';

// On a 390 × 844 phone: the niche sites' landers speak to their audience and
// show real members of it (she: women, gay: men) although their visitors may not search; the first photos are in
// the server's HTML with fetchpriority, srcset and sizes, the rest lazy, the smaller copies cached for good.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const SITES = [
  {
    host: 'she.localhost',
    title: 'Frauen, die wissen, was sie wollen',
    sub: /bestimmen Frauen das Tempo/,
    cta: 'Kostenlos dabei sein',
    gender: 'female',
  },
  {
    host: 'gay.localhost',
    title: 'Men meeting men',
    sub: /men meet men/,
    cta: 'Meet men for free',
    gender: 'male',
  },
] as const;

const on = (baseURL: string | undefined, host: string) => baseURL!.replace('127.0.0.1', host);

async function tilePhotos(page: Page) {
  const photos = page.getByRole('main').locator('ul li button img');
  await expect(photos.first()).toBeVisible();
  // Loaded pictures, not silhouettes.
  await expect
    .poll(() =>
      photos.evaluateAll((all) => all.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBeGreaterThanOrEqual(3);
  return photos;
}

for (const site of SITES) {
  test(`${site.host}: niche texts and real members of its audience on a phone`, async ({
    page,
    baseURL,
  }, testInfo) => {
    const origin = on(baseURL, site.host);
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1, name: site.title })).toBeVisible();
    await expect(page.getByText(site.sub)).toBeVisible();
    await expect(page.getByTestId('lander-cta').first()).toHaveText(site.cta);
    const photos = await tilePhotos(page);
    const ids = await page.evaluate(() => {
      const data = JSON.parse(document.getElementById('site-data')!.textContent!) as {
        ssr?: { queries: { endpointName: string; value: { profiles: { id: number; gender: string }[] } }[] };
      };
      return data.ssr?.queries.find((q) => q.endpointName === 'getLanderMembers')?.value.profiles ?? [];
    });
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ids.map((p) => p.gender))).toEqual(new Set([site.gender]));
    // The first row is fetched first, as the server wrote it; the rest waits for scrolling.
    await expect(photos.nth(0)).toHaveAttribute('fetchpriority', 'high');
    await expect(photos.nth(4)).toHaveAttribute('loading', 'lazy');
    await page.screenshot({ path: testInfo.outputPath(`${site.host}-390x844.png`) });
    await page.getByRole('main').locator('ul').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`${site.host}-390x844-members.png`) });
  });
}

test('the raw HTML of a lander: first photos with fetchpriority, srcset and sizes; the copies are immutable', async ({
  page,
  baseURL,
}) => {
  // Node's resolver (the API request context) does not know *.localhost: the site is chosen by the Host header.
  const host = { host: `she.localhost:${new URL(baseURL!).port}` };
  const html = await (await page.request.get(`${baseURL}/`, { headers: host })).text();
  // Attribute names in lower case (React writes `srcSet`, `fetchPriority`; HTML does not care).
  const imgs = [...html.matchAll(/<img [^>]*>/g)]
    .map((m) => m[0].replace(/ ([a-zA-Z]+)=/g, (_all, name: string) => ` ${name.toLowerCase()}=`))
    .filter((tag) => tag.includes('/media/'));
  expect(imgs.length).toBeGreaterThanOrEqual(6);
  for (const tag of imgs.slice(0, 3)) {
    expect(tag).toContain('fetchpriority="high"');
    expect(tag).toMatch(/srcset="[^"]*_160\.webp 160w/);
    expect(tag).toMatch(/sizes="/);
    expect(tag).toMatch(/width="160" height="200"/);
    expect(tag).not.toContain('loading="lazy"');
  }
  for (const tag of imgs.slice(3)) expect(tag).toContain('loading="lazy"');
  const copy = /srcset="[^"]*?([^" ,]+_320\.webp)/.exec(imgs[0]!)![1]!;
  const res = await page.request.get(`${baseURL}${copy}`, { headers: host });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
  expect(res.headers()['cache-control']).toContain('immutable');
});

test('the signup modal asks the date of birth in the page language (Dutch: dag, maand, jaar), no browser date field', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await page.getByRole('main').getByTestId('lander-cta').first().click();
  const form = page.getByTestId('signup-modal').getByRole('form', { name: 'Maak je account aan' });
  const birthDate = form.getByRole('group', { name: 'Geboortedatum' });
  await expect(birthDate.getByLabel('Dag')).toBeVisible();
  await expect(birthDate.getByLabel('Maand')).toContainText('maart');
  await expect(birthDate.getByLabel('Jaar')).toBeVisible();
  await expect(form.locator('input[type="date"]')).toHaveCount(0);
  await fillBirthdate(form, '1990-03-14');
  await birthDate.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('signup-birthdate-390x844.png') });
});

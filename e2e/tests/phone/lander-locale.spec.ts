import { expect, test } from '../../support/fixtures';

// A lander whose slug names a language (`general-eng`) is shown in it, but the visitor's own language stays: the
// page after it, opened by a link or by address, is Dutch again, and no locale cookie was written (docs/product/sites-and-landers.md).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("an English lander is English; the next page is back in the visitor's language", async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/landers/gallery/general-eng');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(
    page
      .locator('#main')
      .getByRole('button', { name: /^View / })
      .first(),
  ).toBeVisible();
  // The shell started in English too (it sets the document's language from its own choice).
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
  await page.screenshot({ path: testInfo.outputPath('lander-eng-390x844.png') });
  expect((await context.cookies()).find((c) => c.name === 'locale')).toBeUndefined();

  // Moving on inside the app, without a page load: the login page is Dutch.
  await page.getByTestId('nav-login').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('nl-NL');
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();

  await page.goto('/landers/gallery');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('nl-NL');
  await expect(
    page
      .locator('#main')
      .getByRole('button', { name: /^Bekijk / })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('lander-next-390x844.png') });

  // A visitor who chose French keeps French after it.
  await context.addCookies([{ name: 'locale', value: 'fr', url: page.url() }]);
  await page.goto('/landers/gallery/general-eng');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(
    page
      .locator('#main')
      .getByRole('button', { name: /^View / })
      .first(),
  ).toBeVisible();
  await page.goto('/landers/gallery');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
  await expect(
    page
      .locator('#main')
      .getByRole('button', { name: /^Voir / })
      .first(),
  ).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('fr');
});

import { test, expect } from '../../support/fixtures';

/** A path outside the route table is answered with HTTP 404 and the 404 page of docs/product/calls-and-errors.md. */
for (const path of ['/this-page-does-not-exist', '/de/members', '/general-xx', '/pages/unknown']) {
  test(`${path} is HTTP 404 with the 404 page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Deze pagina kon niet worden gevonden' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Terug naar de homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('a page of the route table is HTTP 200', async ({ page }) => {
  const response = await page.goto('/pages/faq');
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Deze pagina kon niet worden gevonden' }),
  ).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { createActiveMember, sessionUser } from '../../support/account';
import { liveStreamAnswer, skipEntryWarning } from '../../support/site';

/** Opens /members for the member of this page and resolves once its live stream is subscribed on the server. */
async function openWithLiveChannel(page: Page) {
  // The stream's response headers come with its first bytes, which the server writes once it is subscribed.
  const live = liveStreamAnswer(page);
  await page.goto('/members');
  expect((await live).status()).toBe(200);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

test('a server change reaches the member’s open page live: the navigation follows without a reload or polling', async ({
  browser,
}) => {
  // Two new members, two member pages and a 6 s watch for polling: more than the default minute on a loaded machine.
  test.slow();
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  await Promise.all([skipEntryWarning(contextA), skipEntryWarning(contextB)]);
  const [pageA, pageB] = [await contextA.newPage(), await contextB.newPage()];
  await createActiveMember(pageA.request, 'live-a');
  const b = await createActiveMember(pageB.request, 'live-b');
  const userRequestsOfB: string[] = [];
  pageB.on('request', (request) => {
    if (request.url().includes('/api/user.php')) userRequestsOfB.push(request.url());
  });
  await openWithLiveChannel(pageA);
  await openWithLiveChannel(pageB);
  const navB = pageB.getByRole('banner');
  await expect(navB.getByTestId('nav-premium-top')).toBeVisible();
  await expect(navB.getByTestId('nav-credits-top')).toHaveCount(0);

  // A change on the server (the test-only path grants B 5 credits and premium, then publishes B's counters).
  const granted = await pageA.request.post('/dev/live/credit.json', {
    data: { email: b.email, amount: 5, paid: true },
  });
  expect(granted.status(), await granted.text()).toBe(200);

  // Premium now: "Get Premium" gives way to the credits item (B has the signup bonus plus these 5).
  await expect(navB.getByTestId('nav-credits-top')).toBeVisible();
  await expect(navB.getByTestId('nav-premium-top')).toHaveCount(0);
  expect(await pageB.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  const credits = ((await granted.json()) as { credits: number }).credits;
  await expect.poll(async () => sessionUser(pageB.request)).toMatchObject({ credits, paid_user: true });
  // The event was B's only: A's page still offers premium.
  await expect(pageA.getByRole('banner').getByTestId('nav-premium-top')).toBeVisible();
  // With the channel up nothing polls user.php (docs/product/constants.md polling would have started 5 s after load).
  await pageB.waitForTimeout(6_000);
  expect(userRequestsOfB).toEqual([]);
  await contextA.close();
  await contextB.close();
});

import type { Locator, Page } from '@playwright/test';
import { createMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { XHR } from '../../support/site';

// A new member on a 390 × 844 phone, with every alert that is due for one (activation reminder,
// profile photo, push opt-in, time bonus), sees the members first and the alerts second.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The part of the screen a page's content can use: below the top bars, above the bottom navigation. */
async function visibleArea(page: Page): Promise<{ top: number; bottom: number }> {
  const nav = await page.locator('.shell-bottom-nav').boundingBox();
  return { top: 0, bottom: nav ? nav.y : 844 };
}

async function expectWhollyVisible(page: Page, item: Locator, what: string) {
  await expect(item).toBeVisible();
  const box = (await item.boundingBox())!;
  const area = await visibleArea(page);
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(area.top);
  expect(
    box.y + box.height,
    `${what}: bottom ${box.y + box.height} within ${area.bottom}`,
  ).toBeLessThanOrEqual(area.bottom);
}

test('a new member with every alert due: one alert open, the rest one tap away, the first card and package in view', async ({
  page,
}, testInfo) => {
  await createMember(page.request, 'first-screen');

  await page.goto('/members');
  const stack = page.getByTestId('alert-stack');
  await expect(stack).toBeVisible();
  await expect(page.getByTestId('time-bonus-banner')).toBeVisible();
  // Banners and alerts start as one line each: together at most a tenth of the 844 px screen.
  const line = page.getByTestId('alert-line');
  await expect(line).toBeVisible();
  await expect(line).toHaveAttribute('aria-expanded', 'false');
  const heights = await Promise.all(
    [page.getByTestId('time-bonus-banner'), stack].map(async (item) => (await item.boundingBox())!.height),
  );
  const total = heights.reduce((sum, height) => sum + height, 0);
  expect(total, `banners ${heights.join(' + ')} px`).toBeLessThanOrEqual(84.4);
  const firstCard = page.getByRole('list', { name: 'Zoekresultaten' }).getByRole('listitem').first();
  await expectWhollyVisible(page, firstCard, 'first member card of /members');
  await testInfo.attach('members-390x844', { body: await page.screenshot(), contentType: 'image/png' });

  // One tap expands it: activation matters most and is the one open; the photo and push alerts wait as chips,
  // the push chip saying what it is.
  await line.tap();
  await expect(stack.locator('.alert')).toHaveCount(1);
  await expect(page.getByTestId('activation-reminder')).toBeVisible();
  await expect(page.getByTestId('alert-chip-profile-photo')).toBeVisible();
  await expect(page.getByTestId('alert-chip-push')).toHaveText('Pushmeldingen aanzetten');
  await testInfo.attach('members-expanded-390x844', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });

  // One tap opens another alert (and only that one).
  await page.getByTestId('alert-chip-profile-photo').tap();
  await expect(page.getByTestId('profile-photo-alert')).toBeVisible();
  await expect(stack.locator('.alert')).toHaveCount(1);
  await expect(page.getByTestId('alert-chip-activation')).toBeVisible();

  // Closing it is kept for the member on the server, not only on this device.
  await page.getByTestId('profile-photo-alert').getByRole('button', { name: 'Sluiten' }).tap();
  await expect(page.getByTestId('profile-photo-alert')).toHaveCount(0);
  await expect
    .poll(
      async () => (await (await page.request.get('/api/dismissals.php', { headers: XHR })).json()).dismissals,
    )
    .toHaveProperty('hide-enrich-alert');
  await page.evaluate(() => localStorage.removeItem('hide-enrich-alert'));
  await page.reload();
  await expect(page.getByTestId('alert-stack')).toBeVisible();
  await page.getByTestId('alert-line').tap();
  await expect(page.getByTestId('activation-reminder')).toBeVisible();
  await expect(page.getByTestId('alert-chip-profile-photo')).toHaveCount(0);
  await expect(page.getByTestId('profile-photo-alert')).toHaveCount(0);

  // The credits page: only what concerns payment; the first package wholly visible.
  await page.goto('/credits');
  const firstPackage = page.getByRole('article').first();
  await expectWhollyVisible(page, firstPackage, 'first package of /credits');
  await expect(page.getByTestId('activation-reminder')).toHaveCount(0);
  await expect(page.getByTestId('push-alert')).toHaveCount(0);
  await expect(page.getByTestId('alert-stack')).toHaveCount(0);
  await testInfo.attach('credits-390x844', { body: await page.screenshot(), contentType: 'image/png' });
  await page.getByRole('article').first().getByRole('link', { name: 'Kiezen' }).tap();
  await expect(page).toHaveURL(/\/credits\/\d+/);
  await expect(page.getByTestId('activation-reminder')).toHaveCount(0);
  await expect(page.getByTestId('alert-stack')).toHaveCount(0);
});

test("a member's first page is drawn with its banners: the page does not move when they arrive", async ({
  page,
}) => {
  await createMember(page.request, 'first-screen-shift');
  // The banners' chunk comes late, as on a slow phone network.
  await page.route('**/member-banners.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        const nodes = (entry.sources ?? []).map((source) => {
          const node = source.node as Element | null | undefined;
          return node?.id ? `#${node.id}` : (node?.nodeName ?? '?');
        });
        shifts.push(`${entry.value.toFixed(3)} ${nodes.join(' ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  await page.goto('/members');
  await expect(page.getByTestId('time-bonus-banner')).toBeVisible();
  await expect(page.getByTestId('alert-stack')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Zoekresultaten' }).getByRole('listitem').first(),
  ).toBeVisible();
  // Shifts are reported after the frame they happened in.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
  expect(
    shifts.filter((shift) => shift.includes('#main')),
    shifts.join('; '),
  ).toEqual([]);
});

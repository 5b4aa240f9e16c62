import { expect, test } from '@playwright/test';
import { STAFF_ADMIN, staffSignIn } from '../../support/staff';

test('rollouts screenshots', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffSignIn(page, STAFF_ADMIN);
  await page.goto('/staff/rollouts');
  await expect(page.getByTestId('rollout').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/canary-i18n/desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/canary-i18n/phone.png', fullPage: false });
  await page.screenshot({ path: '/tmp/canary-i18n/phone-full.png', fullPage: true });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(390);
});

import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';

// The signup modal's date of birth on a 390 × 844 phone: day, month and year each show their name and every option
// whole, in languages with long names too.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** For each date select: the widest of its texts and the room its box leaves for text, in px. */
function selectRoom(page: Page) {
  return page.getByTestId('signup-modal').evaluate((modal) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    return [...modal.querySelectorAll<HTMLSelectElement>('select[autocomplete^="bday-"]')].map((select) => {
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const widest = Math.max(...[...select.options].map((option) => canvas.measureText(option.text).width));
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const box = select.getBoundingClientRect();
      return { name: select.autocomplete, widest, room, right: box.right };
    });
  });
}

for (const locale of ['nl', 'fi', 'de']) {
  test(`${locale}: the day, month and year selects of the signup modal are not clipped`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    await page.goto('/landers/gallery');
    await page.locator('#main [data-signup-source]').nth(1).click();
    const day = page.getByTestId('signup-modal').locator('select[autocomplete="bday-day"]');
    await expect(day).toBeVisible();
    const selects = await selectRoom(page);
    expect(selects).toHaveLength(3);
    for (const select of selects) {
      expect(
        select.widest,
        `${select.name}: ${select.widest} px of text in ${select.room} px`,
      ).toBeLessThanOrEqual(select.room);
      expect(select.right, `${select.name} inside the screen`).toBeLessThanOrEqual(390);
    }
    await day.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`signup-birthdate-${locale}-390x844.png`) });
  });
}

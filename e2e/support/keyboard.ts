import { expect, type Locator, type Page } from '@playwright/test';

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the keyboard focus, as a keyboard user walks through the
 * page; fails when it is not reached within `max` presses (not reachable by keyboard, or a focus trap).
 */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  await expect(target, 'the element to tab to is on the page').toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `reached ${target} with at most ${max} presses of Tab`).toBe(true);
}

/** Tabs to a field and types into it (what a keyboard user does; no click, no fill). */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** The element that has the keyboard focus. */
export function focused(page: Page): Locator {
  return page.locator('*:focus');
}

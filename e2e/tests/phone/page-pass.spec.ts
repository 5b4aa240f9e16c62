import type { Page } from '@playwright/test';
import { scanTargets, seededIds, settle } from '../../support/a11y';
import { expect, test } from '../../support/fixtures';
import { loginViaApi } from '../../support/site';

// Every route of the route table, for a visitor and for the demo member, at 390 × 844 and at
// 1280 × 900; a screenshot of each is kept with the test's results (the HTML report / test-results), and each page
// is checked for what a member notices first: nothing wider than the screen (cut off or scrolling sideways), no
// visible text or control clipped by the page's edge, and no native English file button on a Dutch page.
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

interface Problem {
  url: string;
  viewport: string;
  what: string;
}

async function check(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    }
    for (const element of document.querySelectorAll<HTMLElement>(
      'main h1, main h2, main button, main a.btn, main label, main p',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || element.closest('[aria-hidden="true"], .visually-hidden'))
        continue;
      if (box.right > width + 1 || box.left < -1) {
        problems.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" outside the screen`,
        );
      }
    }
    for (const input of document.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
      if (!input.classList.contains('visually-hidden') && input.getClientRects().length > 0) {
        problems.push('a native file input is visible (its button speaks the browser language)');
      }
    }
    return problems;
  });
}

for (const member of [false, true]) {
  test(`every page at 390×844 and 1280×900 ${member ? 'for the demo member' : 'for a visitor'}: screenshots, nothing cut off`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(600_000);
    if (member) await loginViaApi(page);
    const ids = await seededIds(page, member);
    // The back office has its own login and layout (its own checks); the rest is what members and visitors see.
    const targets = scanTargets(ids, member).filter((target) => target.layout !== 'staff');
    const problems: Problem[] = [];
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      for (const target of targets) {
        // A full load per page: a modal one page opened (the signup steps of /signup) does not cover the next.
        await page.goto(target.url);
        await settle(page);
        for (const what of await check(page)) problems.push({ url: target.url, viewport, what });
        await testInfo.attach(
          `${member ? 'member' : 'visitor'}-${viewport}${target.url.replace(/[^a-z0-9]+/gi, '_')}.png`,
          {
            body: await page.screenshot(),
            contentType: 'image/png',
          },
        );
      }
    }
    expect(problems, problems.map((p) => `${p.viewport} ${p.url}: ${p.what}`).join('\n')).toEqual([]);
  });
}

import { test as base, expect, type Page } from '@playwright/test';
import { collectConsoleErrors, type ConsoleProblem } from './console';
import { skipEntryWarning } from './site';
import { hiddenBySuspense, watchNewContexts, watchSuspenseHiding } from './suspense-watch';

export interface SiteFixtures {
  /** console errors and uncaught exceptions of `page`, collected from the start of the test. */
  consoleErrors: ConsoleProblem[];
}
export interface SiteOptions {
  /** false: leave the adult-content warning to the site's own rules (a real first visit). Default: skipped. */
  skipEntryWarning: boolean;
}

export const test = base.extend<SiteFixtures & SiteOptions & { suspenseCheck: void }>({
  skipEntryWarning: [true, { option: true }],
  context: async ({ context, skipEntryWarning: skip }, use) => {
    if (skip) await skipEntryWarning(context);
    await watchSuspenseHiding(context);
    await use(context);
  },
  // Every test: no page may hide content it already showed behind a loading fallback (suspense-watch.ts).
  suspenseCheck: [
    async ({ browser }, use) => {
      watchNewContexts(browser);
      hiddenBySuspense.length = 0;
      await use();
      expect(hiddenBySuspense, 'content hidden behind a Suspense fallback after it was shown').toEqual([]);
    },
    { auto: true },
  ],
  // A server-rendered lander starts the shell only after its first paint (docs/adr/0030), which can be after the
  // load event `goto` waits for. Specs that go on to click on such a page mean the page as a member finds it once
  // it works, so `goto` waits until React has taken the page over; a spec that asks for a `waitUntil` of its own
  // (one that looks at the page before that) is left alone.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!options?.waitUntil) await waitForShell(page);
      return response;
    };
    await use(page);
  },
  consoleErrors: async ({ page }, use) => {
    await use(collectConsoleErrors(page));
  },
});

/** On a server-rendered page, until the shell has started React on it (at once on any other page). */
export async function waitForShell(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.querySelector('meta[name="shell-script"]')) return true;
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });
}

export { expect };

import { test as base, expect } from '@playwright/test';
import { collectConsoleErrors, type ConsoleProblem } from './console';
import { waitForShellOnGoto } from './shell-start';
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
    waitForShellOnGoto(context);
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
  consoleErrors: async ({ page }, use) => {
    await use(collectConsoleErrors(page));
  },
});

export { expect };

import { test as base, expect } from '@playwright/test';
import { collectConsoleErrors, type ConsoleProblem } from './console';
import { skipEntryWarning } from './site';

export interface SiteFixtures {
  /** console errors and uncaught exceptions of `page`, collected from the start of the test. */
  consoleErrors: ConsoleProblem[];
}
export interface SiteOptions {
  /** false: leave the adult-content warning to the site's own rules (a real first visit). Default: skipped. */
  skipEntryWarning: boolean;
}

export const test = base.extend<SiteFixtures & SiteOptions>({
  skipEntryWarning: [true, { option: true }],
  context: async ({ context, skipEntryWarning: skip }, use) => {
    if (skip) await skipEntryWarning(context);
    await use(context);
  },
  consoleErrors: async ({ page }, use) => {
    await use(collectConsoleErrors(page));
  },
});

export { expect };

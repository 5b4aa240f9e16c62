import type { Page } from 'playwright-core';

/** Watches `page`'s requests (call before `page.goto`); `settled()` resolves once the remote's page has loaded. */
export function watchFirstLoad(page: Page): { settled(): Promise<void> };

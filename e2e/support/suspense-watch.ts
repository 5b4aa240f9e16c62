import type { Browser, BrowserContext } from '@playwright/test';
import { waitForShellOnGoto } from './shell-start';

/**
 * React hides content it already showed (`style="display: none !important"`) when something inside it suspends
 * again outside a transition, and shows the nearest Suspense fallback instead: the member sees the page vanish
 * while a chunk or a locale file loads (the conversation did, the first time the gift picker opened). A first
 * render that waits shows its fallback without hiding anything, so any such hiding is a defect. Every page of a
 * watched context reports it here.
 */
export const hiddenBySuspense: string[] = [];

const watched = new WeakSet<BrowserContext>();

export async function watchSuspenseHiding(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding('__hiddenBySuspense', ({ page }, what: string) => {
    hiddenBySuspense.push(`${new URL(page.url()).pathname}: ${what}`);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __hiddenBySuspense: (what: string) => void }).__hiddenBySuspense;
    new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target as HTMLElement;
        if (!element.getAttribute('style')?.includes('display: none !important')) continue;
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
          element.className && typeof element.className === 'string'
            ? `.${element.className.split(' ')[0]}`
            : ''
        }`;
        void report(`${name} "${(element.textContent ?? '').trim().slice(0, 60)}"`);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'] });
  });
}

/** Contexts a test makes itself (two members chatting) are watched too, and their `goto` waits for the shell. */
export function watchNewContexts(browser: Browser): void {
  const patched = browser as Browser & { __suspenseWatch?: boolean };
  if (patched.__suspenseWatch) return;
  patched.__suspenseWatch = true;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchSuspenseHiding(context);
    // With JavaScript off there is no shell to wait for.
    if (options?.javaScriptEnabled !== false) waitForShellOnGoto(context);
    return context;
  };
}

import type { BrowserContext, Page } from '@playwright/test';
import { SHELL_SCRIPT_META } from '@dating/shared/ssr-page-script';

/** On a server-rendered page, until the shell has started React on it (at once on any other page). */
export async function waitForShell(page: Page): Promise<void> {
  await page.waitForFunction((meta) => {
    if (!document.querySelector(`meta[name="${meta}"]`)) return true;
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  }, SHELL_SCRIPT_META);
}

const patched = new WeakSet<Page>();

/**
 * A server-rendered lander starts the shell only after its first paint (docs/adr/0030), which can come after the
 * load event `goto` waits for. Specs go on to click on the page or to leave it expecting its telemetry sent, i.e.
 * they mean the page as a visitor finds it once it works: so `goto` also waits until React has taken a
 * server-rendered page over. A spec that asks for a `waitUntil` of its own (one that looks at the page before that)
 * is left alone.
 */
function patchGoto(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil && !url.startsWith('about:')) await waitForShell(page);
    return response;
  };
}

/** Every page of `context`, now and later, gets the waiting `goto`. */
export function waitForShellOnGoto(context: BrowserContext): void {
  for (const page of context.pages()) patchGoto(page);
  context.on('page', patchGoto);
}

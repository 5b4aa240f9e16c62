import { test, expect } from '../../support/fixtures';
import { navigateInApp, REMOTE_FALLBACK, remoteFallback, REMOTE_PAGES } from '../../support/pages';
import { loginViaApi } from '../../support/site';

for (const broken of REMOTE_PAGES) {
  // Another remote's page the same visitor or member can open.
  const peers = REMOTE_PAGES.filter((other) => other.member === broken.member && other.app !== broken.app);
  const other = peers[0]!;

  test(`${broken.app} unreachable: ${broken.path} shows the translated fallback, ${other.path} keeps working, Retry recovers`, async ({
    page,
  }) => {
    if (broken.member) await loginViaApi(page);
    const down = `**/remotes/${broken.app}/**`;
    await page.route(down, (route) => route.abort('connectionrefused'));

    await page.goto(broken.path);
    // The page's own area (a chat route also has the conversation-list sidebar, which falls back on its own).
    const fallback = remoteFallback(page).first();
    await expect(fallback).toBeVisible();
    await expect(fallback.getByRole('button', { name: REMOTE_FALLBACK.retry })).toBeVisible();

    // The rest of the site works, in the same page session.
    const go = navigateInApp(page);
    await other.open(page, go);
    await expect(remoteFallback(page)).toHaveCount(0);

    // Back on the broken route it still fails gracefully; once the remote is back, Retry loads it.
    await go(broken.path);
    await expect(remoteFallback(page).first()).toBeVisible();
    await page.unroute(down);
    const retryAll = async () => {
      // Each area that fell back has its own Retry (the page, and on chat routes the sidebar).
      for (let left = await remoteFallback(page).count(); left > 0; left -= 1) {
        await remoteFallback(page).first().getByRole('button', { name: REMOTE_FALLBACK.retry }).click();
        await expect(remoteFallback(page)).toHaveCount(left - 1);
      }
    };
    await broken.open(page, retryAll);
    await expect(remoteFallback(page)).toHaveCount(0);
  });
}

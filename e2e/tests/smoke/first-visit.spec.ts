import { test, expect } from '../../support/fixtures';
import { formatProblems } from '../../support/console';
import { remoteFallback, remotePage } from '../../support/pages';
import { recordRequests, remoteAsset, requestedApps } from '../../support/requests';

// A real first visit: no stored dismissal, so the adult-content warning follows the site's own rules.
test.use({ skipEntryWarning: false });

test('a visitor’s first visit to / loads only the shell and mf-landers, shows the lander, logs no errors', async ({
  page,
  consoleErrors,
  baseURL,
}) => {
  const requests = recordRequests(page);

  await remotePage('mf-landers').open(page);
  await expect(remoteFallback(page)).toHaveCount(0);
  // The shell preloads remotes on idle (at the latest 2 s after start, docs/product/constants.md) for members only; give that
  // window time to pass, so a visitor's preload would be caught too.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_500);
  await page.waitForLoadState('networkidle');

  const apps = requestedApps(requests);
  expect([...apps].sort(), 'apps whose deployed files the first visit fetched').toEqual([
    'mf-landers',
    'shell',
  ]);
  const foreign = requests.filter((url) => !url.startsWith(baseURL!) && !url.startsWith('data:'));
  expect(foreign, 'requests to other origins').toEqual([]);
  // The lander came from mf-landers' HomePage expose, not from anything bundled into the shell.
  expect(requests.some((url) => /HomePage/.test(remoteAsset(url)?.file ?? ''))).toBe(true);

  expect(consoleErrors, formatProblems(consoleErrors)).toEqual([]);
});

import { test, expect } from '../../support/fixtures';
import { formatProblems } from '../../support/console';
import { remoteFallback, REMOTE_PAGES } from '../../support/pages';
import { recordRequests, requestedApps } from '../../support/requests';
import { loginViaApi } from '../../support/site';

for (const remote of REMOTE_PAGES) {
  test(`${remote.app} renders ${remote.path}${remote.member ? ' for a member' : ''}`, async ({
    page,
    consoleErrors,
  }) => {
    if (remote.member) await loginViaApi(page);
    const requests = recordRequests(page);

    await remote.open(page);

    await expect(remoteFallback(page)).toHaveCount(0);
    expect(requestedApps(requests).has(remote.app), `${remote.app}'s files were fetched`).toBe(true);
    expect(consoleErrors, formatProblems(consoleErrors)).toEqual([]);
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '../../support/fixtures';
import { remotePage } from '../../support/pages';
import { readRegistry, ROOT, runTool, type Registry } from '../../support/registry';
import { recordRequests } from '../../support/requests';
import { loginViaApi, readSiteData, waitUntilServed } from '../../support/site';

const APP = 'mf-payments';

/** Every registry entry except `app`'s: what must not move when one remote is deployed or rolled back. */
function othersOf(registry: Registry, app: string) {
  return Object.fromEntries(Object.entries(registry.apps).filter(([name]) => name !== app));
}

/** Files of `dir` (recursively) whose text contains `needle`. */
function filesContaining(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesContaining(full, needle));
    else if (/\.js$/.test(entry.name) && fs.readFileSync(full, 'utf8').includes(needle)) found.push(full);
  }
  return found;
}

test('a changed mf-payments build is served on the next page load without rebuilding anything else; rollback restores it', async ({
  page,
}) => {
  const dist = path.join(ROOT, APP, 'dist');
  const before = readRegistry();
  const original = before.apps[APP]!.current;
  const distFiles = fs.readdirSync(dist).sort();

  await loginViaApi(page);
  await remotePage(APP).open(page);
  const heading = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
  expect(heading, '/credits has a heading to change').not.toBe('');

  // A new build of mf-payments alone: its dist copied, one visible text changed, deployed from the copy.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-mf-payments-'));
  const changed = `${heading} · e2e ${Date.now().toString(36)}`;
  let deployed = false;
  try {
    fs.cpSync(dist, copy, { recursive: true });
    const holders = filesContaining(copy, JSON.stringify(heading).slice(1, -1));
    expect(holders.length, `a JS chunk of ${APP} holds the text "${heading}"`).toBeGreaterThan(0);
    for (const file of holders) {
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').split(heading).join(changed));
    }
    runTool('deploy', [APP, '--dist', copy]);
    deployed = true;

    const afterDeploy = readRegistry();
    const next = afterDeploy.apps[APP]!;
    expect(next.current).not.toBe(original);
    expect(next.history[0]).toBe(original);
    expect(othersOf(afterDeploy, APP), 'the other apps keep their versions').toEqual(othersOf(before, APP));

    // Once the server has seen the new registry, the next page load uses the new version: its remote entry
    // is requested and the change is on screen.
    await waitUntilServed(page.request, 'mf_payments', next.current);
    let requests = recordRequests(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: changed })).toBeVisible();
    const newEntry = `/remotes/${APP}/${next.current}/remoteEntry.js`;
    expect(
      requests.some((url) => new URL(url).pathname === newEntry),
      `${newEntry} requested`,
    ).toBe(true);
    expect((await readSiteData(page)).remotes.find((r) => r.name === 'mf_payments')?.version).toBe(
      next.current,
    );

    // Rollback: the registry points at the original again, and so does the next page load.
    runTool('rollback', [APP]);
    deployed = false;
    const afterRollback = readRegistry();
    expect(afterRollback.apps[APP]!.current).toBe(original);
    expect(othersOf(afterRollback, APP)).toEqual(othersOf(before, APP));

    await waitUntilServed(page.request, 'mf_payments', original);
    requests = recordRequests(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page.getByText(changed)).toHaveCount(0);
    const oldEntry = `/remotes/${APP}/${original}/remoteEntry.js`;
    expect(
      requests.some((url) => new URL(url).pathname === oldEntry),
      `${oldEntry} requested`,
    ).toBe(true);
    expect(requests.some((url) => new URL(url).pathname === newEntry)).toBe(false);
  } finally {
    if (deployed) runTool('rollback', [APP]);
    fs.rmSync(copy, { recursive: true, force: true });
  }

  // Nothing was rebuilt: the app's own build output is exactly what it was.
  expect(fs.readdirSync(dist).sort()).toEqual(distFiles);
});

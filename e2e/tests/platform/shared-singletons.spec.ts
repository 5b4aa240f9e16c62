import { test, expect } from '../../support/fixtures';
import { assetFiles, isKeyOf, readShareScope, type Manifest } from '../../support/federation';
import { expectMembersListed, membersAnswer, navigateInApp, remotePage } from '../../support/pages';
import { recordRequests, remoteAsset, requestedApps } from '../../support/requests';
import { loginForm, DEMO, readSiteData } from '../../support/site';

/**
 * The libraries that must exist once on the page however many remotes use them (docs/adr/0001-module-federation.md). The one store
 * and the one i18n instance live in `@dating/shared`; @reduxjs/toolkit and i18next are bundled, not shared
 * (docs/adr/0016-first-load-budget.md).
 */
const SINGLETONS = ['react', 'react-dom', 'react-router', 'react-redux', 'react-i18next', '@dating/shared'];

test('after visiting all five remotes, each shared library is loaded once, from the shell', async ({
  page,
}) => {
  const requests = recordRequests(page);
  const go = navigateInApp(page);

  // One page session, no reloads: a visitor's lander, the login form, then a member's pages.
  await remotePage('mf-landers').open(page);
  await page.evaluate(() => ((window as unknown as { __e2eSession: number }).__e2eSession = 1));
  await remotePage('mf-account').open(page, go);
  const form = loginForm(page);
  await form.getByLabel('E-mailadres').fill(DEMO.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.password);
  const members = membersAnswer(page);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expectMembersListed(page, await members);
  await remotePage('mf-chat').open(page, go);
  await remotePage('mf-payments').open(page, go);
  expect(await page.evaluate(() => (window as unknown as { __e2eSession?: number }).__e2eSession)).toBe(1);

  const remotes = (await readSiteData(page)).remotes;
  expect([...requestedApps(requests)].sort()).toEqual([
    'mf-account',
    'mf-chat',
    'mf-landers',
    'mf-members',
    'mf-payments',
    'shell',
  ]);

  // The runtime's own record: one `default` share scope, one version entry per library, loaded, provided by the shell.
  const scope = await readShareScope(page);
  expect(scope.oneScopeObject, `instances ${scope.instances.join(', ')} share one scope object`).toBe(true);
  const loaded = (pkg: string) => (scope.packages[pkg] ?? []).filter((entry) => entry.loaded || entry.hasLib);
  for (const pkg of SINGLETONS) {
    // Every share key of the library (`react`, `react/jsx-runtime`, `@reduxjs/toolkit/query/react`, …).
    const keys = Object.keys(scope.packages).filter((key) => isKeyOf(pkg, key));
    expect(keys, `${pkg} is in the share scope`).toContain(pkg);
    for (const key of keys) {
      const entries = scope.packages[key]!;
      expect(
        entries.map((entry) => entry.version),
        `${key}: versions in the default share scope`,
      ).toHaveLength(1);
      expect(entries[0]!.from, `${key} is provided by`).toBe('shell');
      expect(loaded(key).length, `${key}: loaded copies`).toBeLessThanOrEqual(1);
    }
    // react-router's code reaches the apps inside the react-router-dom facade (docs/adr/0003-performance.md), so its
    // own key may stay unloaded; then the one copy is react-router-dom's.
    const copies =
      pkg === 'react-router' && loaded(pkg).length === 0 ? loaded('react-router-dom') : loaded(pkg);
    expect(copies, `${pkg}: loaded exactly once`).toHaveLength(1);
  }

  // And no remote fetched its own fallback copy: none of the chunks a remote's manifest lists for these
  // libraries (and for nothing it exposes) was requested.
  const requested = new Set(requests.map((url) => new URL(url).pathname));
  // The back office (mf-staff) is registered too, but a member's pages never load it (docs/adr/0018-staff-back-office.md).
  const staff = remotes.filter((remote) => remote.name === 'mf_staff');
  expect(staff, 'mf_staff is registered').toHaveLength(1);
  expect(
    requested.has(new URL(staff[0]!.entry, page.url()).pathname),
    "mf_staff's entry was not requested",
  ).toBe(false);
  for (const remote of remotes.filter((r) => r.name !== 'mf_staff')) {
    // The registry names the entry; its manifest (what the build put in each chunk) sits beside it.
    const base = remote.entry.slice(0, remote.entry.lastIndexOf('/') + 1);
    const manifest = (await (await page.request.get(`${base}mf-manifest.json`)).json()) as Manifest;
    const exposed = new Set(manifest.exposes.flatMap((expose) => assetFiles(expose.assets)));
    const fallbackChunks = manifest.shared
      .filter((shared) => SINGLETONS.some((pkg) => isKeyOf(pkg, shared.name)))
      .flatMap((shared) => assetFiles(shared.assets))
      .filter((file) => !exposed.has(file));
    const fetched = fallbackChunks.filter((file) => requested.has(new URL(base + file, page.url()).pathname));
    expect(fetched, `${remote.name}: fallback chunks of shared libraries that were fetched`).toEqual([]);
    expect(
      requested.has(new URL(remote.entry, page.url()).pathname),
      `${remote.name}'s entry was loaded`,
    ).toBe(true);
  }
  // Sanity for the check above: the shell's own copies were fetched from the shell's folder.
  expect(requests.filter((url) => remoteAsset(url)?.app === 'shell').length).toBeGreaterThan(0);
});

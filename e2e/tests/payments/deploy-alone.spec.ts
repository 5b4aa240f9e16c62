import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createActiveMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { serverUser } from '../../support/payments';
import { readRegistry, ROOT, runTool, toolEnv } from '../../support/registry';
import { waitUntilServed } from '../../support/site';

const APP = 'mf-payments';

/** The payment team ships checkout alone: `npm run deploy -- mf-payments` while the site runs, then a purchase. */
test('a new mf-payments build deployed alone takes a payment end to end; nothing else moves', async ({
  page,
}) => {
  const before = readRegistry();
  const original = before.apps[APP]!.current;
  const others = (r: typeof before) => Object.entries(r.apps).filter(([name]) => name !== APP);

  // The new build: mf-payments' dist with the pay button's text changed (a copy; nothing is rebuilt).
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-mf-payments-deploy-'));
  const label = `Betalen (e2e ${Date.now().toString(36)})`;
  let deployed = false;
  try {
    fs.cpSync(path.join(ROOT, APP, 'dist'), copy, { recursive: true });
    const holders = fs
      .readdirSync(copy, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => path.join(copy, file))
      .filter((file) => fs.readFileSync(file, 'utf8').includes('"pay":"Betalen"'));
    expect(holders.length, 'the nl catalogue chunk of mf-payments').toBeGreaterThan(0);
    for (const file of holders) {
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').split('"pay":"Betalen"').join(`"pay":"${label}"`));
    }
    execFileSync('npm', ['run', 'deploy', '--', APP, '--dist', copy], {
      cwd: ROOT,
      env: toolEnv(),
      stdio: 'pipe',
    });
    deployed = true;
    const after = readRegistry();
    const next = after.apps[APP]!.current;
    expect(next).not.toBe(original);
    expect(others(after)).toEqual(others(before));
    await waitUntilServed(page.request, 'mf_payments', next);

    await createActiveMember(page.request, 'deploy');
    const start = await serverUser(page.request);
    await page.goto('/credits');
    await page.getByRole('article').first().getByRole('link', { name: 'Kiezen' }).click();
    await page.getByRole('link', { name: 'iDEAL', exact: true }).click();
    await page.getByRole('button', { name: label }).click();
    await page.getByRole('button', { name: 'Betaald', exact: true }).click();
    await expect(page.getByText('Betaling geslaagd')).toBeVisible();
    const end = await serverUser(page.request);
    expect(end.paid_user).toBe(true);
    expect(end.credits).toBeGreaterThan(start.credits);
  } finally {
    if (deployed) runTool('rollback', [APP]);
    fs.rmSync(copy, { recursive: true, force: true });
  }
  expect(readRegistry().apps[APP]!.current).toBe(original);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { experimentReport, signUpInModal } from '../../support/landers';
import { readRegistry, ROOT, runTool } from '../../support/registry';
import { readSiteData, skipEntryWarning } from '../../support/site';

const APP = 'mf-landers';
const HEADLINE = 'Ontmoet singles in de buurt die hetzelfde willen als jij';

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

/** A copy of mf-landers' build whose home headline says `marker`: a new version of the lander. */
function changedBuild(marker: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-mf-landers-'));
  fs.cpSync(path.join(ROOT, APP, 'dist'), copy, { recursive: true });
  const holders = filesContaining(copy, HEADLINE);
  expect(holders.length, 'a chunk holds the home headline').toBeGreaterThan(0);
  for (const file of holders)
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').split(HEADLINE).join(marker));
  return copy;
}

/** A new visitor (own cookies) opens `/`: which mf-landers version the page inlined and the headline it shows. */
async function visit(browser: Browser) {
  const context = await browser.newContext();
  await skipEntryWarning(context);
  const page = await context.newPage();
  await page.goto('/');
  const version = (await readSiteData(page)).remotes.find((r) => r.name === 'mf_landers')!.version;
  const headline = (await page.getByTestId('lander-title').textContent())?.trim();
  return { context, page, version, headline };
}

test('a canary at 50 %: both versions served, each visitor sticky, a signup counted for the canary; promote and rollback', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stable = readRegistry().apps[APP]!.current;
  const copies: string[] = [];
  try {
    const marker = `Canary ${Date.now().toString(36)}: nieuwe singles`;
    copies.push(changedBuild(marker));
    runTool('deploy', [APP, '--canary', '50', '--dist', copies[0]!]);
    const canary = readRegistry().apps[APP]!.canary!;
    expect(canary.weight).toBe(50);
    expect(canary.version).not.toBe(stable);

    // Different visitors get both versions; the page shows the version its site data names.
    const visitors = [];
    for (let i = 0; i < 16 && new Set(visitors.map((v) => v.version)).size < 2; i++)
      visitors.push(await visit(browser));
    expect(new Set(visitors.map((v) => v.version))).toEqual(new Set([stable, canary.version]));
    for (const v of visitors) expect(v.headline).toBe(v.version === canary.version ? marker : HEADLINE);

    // The same visitor keeps their version on every page load.
    for (const v of visitors.slice(0, 4)) {
      for (let i = 0; i < 2; i++) {
        await v.page.reload();
        expect((await readSiteData(v.page)).remotes.find((r) => r.name === 'mf_landers')!.version).toBe(
          v.version,
        );
      }
    }

    // A canary visitor signs up; the report counts it for the canary and its lander.
    const onCanary = visitors.find((v) => v.version === canary.version)!;
    await onCanary.page.getByTestId('lander-cta').first().click();
    await signUpInModal(onCanary.page, 'canary');
    const operator = await playwright.request.newContext({ baseURL });
    const report = await experimentReport(operator);
    await operator.dispose();
    expect(report.canary).toEqual({ version: canary.version, weight: 50 });
    const row = report.versions.find((v) => v.version === canary.version)!;
    expect(row.role).toBe('canary');
    expect(row.signups).toBeGreaterThanOrEqual(1);
    expect(row.variants.find((v) => v.variant === 'home')!.signups).toBeGreaterThanOrEqual(1);
    for (const v of visitors) await v.context.close();

    // Promote: the canary is everyone's version.
    runTool('promote', [APP]);
    expect(readRegistry().apps[APP]).toMatchObject({ current: canary.version, history: [stable] });
    expect(readRegistry().apps[APP]!.canary).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      const v = await visit(browser);
      expect(v.version).toBe(canary.version);
      await v.context.close();
    }

    // Rollback of a new canary removes it: every visitor is back on the stable version.
    copies.push(changedBuild(`Canary 2 ${Date.now().toString(36)}`));
    runTool('deploy', [APP, '--canary', '100', '--dist', copies[1]!]);
    const onSecond = await visit(browser);
    expect(onSecond.version).toBe(readRegistry().apps[APP]!.canary!.version);
    runTool('rollback', [APP]);
    expect(readRegistry().apps[APP]!.canary).toBeUndefined();
    await onSecond.page.reload();
    expect((await readSiteData(onSecond.page)).remotes.find((r) => r.name === 'mf_landers')!.version).toBe(
      canary.version,
    );
    await onSecond.context.close();
  } finally {
    // The run's other specs expect the real build: deploy it again (a registry switch: it is published already).
    runTool('deploy', [APP]);
    for (const copy of copies) fs.rmSync(copy, { recursive: true, force: true });
  }
});

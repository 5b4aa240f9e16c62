import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { StaffRollout, StaffRollouts } from '@dating/shared/contract/staff';
import { expect, test } from '../../support/fixtures';
import { readRegistry, ROOT, runTool } from '../../support/registry';
import { waitForShell } from '../../support/shell-start';
import { readSiteData, skipEntryWarning } from '../../support/site';
import { STAFF_ADMIN, staffApi, staffSignIn } from '../../support/staff';

/**
 * The canary guard end to end (docs/adr/0032-canary-guard.md): a rollout deployed with
 * `npm run deploy -- <app> --canary <w> --steps …` is walked by the server's guard on what real visitors' browsers
 * report (telemetry beacons, sent when the page is left). The e2e server runs the guard every 2 s with small
 * minimums (playwright.config.ts), so a few dozen visits decide. Every visit is a new browser context, i.e. a new
 * visitor with their own experiment cookie; the specs poll the rollout through the back office's API instead of
 * sleeping.
 */

const UNAVAILABLE = 'Dit deel van de site is tijdelijk niet beschikbaar';
/** Visits after which a spec gives up: far more than the guard needs at these minimums (about ten a step). */
const MAX_VISITS = 48;

test.describe.configure({ mode: 'serial' });

let staffContext: BrowserContext;
let staff: Page;

test.beforeAll(async ({ browser }) => {
  staffContext = await browser.newContext();
  staff = await staffContext.newPage();
  await staffSignIn(staff, STAFF_ADMIN);
});

test.afterAll(async () => {
  await staffContext?.close();
});

/**
 * A copy of `app`'s build changed by `change(dir)`, with a file naming this run: deployed, it is a new version, also
 * when a retry deploys the same change again (the guard never restarts a rollout that ended for the same canary).
 */
function buildCopy(app: string, change: (dir: string) => void): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-guard-${app}-`));
  fs.cpSync(path.join(ROOT, app, 'dist'), copy, { recursive: true });
  change(copy);
  fs.writeFileSync(path.join(copy, 'e2e-run.txt'), `${Date.now()} ${process.pid}\n`);
  return copy;
}

/** The `.js` files under `dir` holding `needle`. */
function jsFilesContaining(dir: string, needle: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(dir, file))
    .filter((file) => fs.readFileSync(file, 'utf8').includes(needle));
}

async function rolloutOf(app: string, canary: string): Promise<StaffRollout | undefined> {
  const { rollouts } = await staffApi<StaffRollouts>(staff, 'GET', '/api/staff/rollouts');
  return rollouts.find((r) => r.app === app && r.canary_version === canary);
}

/** Waits until the guard has picked up the deployed canary (its next turn) and returns the running rollout. */
async function adopted(app: string, canary: string): Promise<StaffRollout> {
  await expect
    .poll(async () => (await rolloutOf(app, canary))?.status, {
      message: `the guard starts a rollout of ${app} ${canary}`,
      timeout: 20_000,
      intervals: [500],
    })
    .toBe('running');
  return (await rolloutOf(app, canary))!;
}

interface Visit {
  version: string;
  /** The remote's area showed the shell's 'temporarily unavailable' fallback. */
  broken: boolean;
}

/**
 * Visitors that have left their page (about:blank) but whose browser context stays open a little longer: the shell's
 * beacon is sent while the page is hidden, and closing the context at once could cancel it. Closed on the next
 * round of visits (and after each test).
 */
const leaving: BrowserContext[] = [];
async function closeLeft(): Promise<void> {
  await Promise.all(leaving.splice(0).map((context) => context.close()));
}

test.afterEach(closeLeft);

/**
 * One new visitor opens `url`, sees the remote's page (or its fallback), and leaves (about:blank: the page is hidden,
 * so the shell sends its telemetry beacon).
 */
async function visit(
  browser: Browser,
  url: string,
  remote: string,
  content: (page: Page) => Locator,
): Promise<Visit> {
  const context = await browser.newContext();
  leaving.push(context);
  await skipEntryWarning(context);
  const page = await context.newPage();
  await page.goto(url);
  const fallback = page.getByRole('heading', { name: UNAVAILABLE });
  await expect(content(page).or(fallback)).toBeVisible({ timeout: 30_000 });
  // The shell listens for the page being hidden from its start on (its own vitals observers, no chunk to wait
  // for); a server-rendered lander shows its content before that: leave only once the shell runs it (at most 30 s,
  // as long as this waited for the web-vitals chunk before).
  await Promise.race([waitForShell(page), page.waitForTimeout(30_000)]);
  const version = (await readSiteData(page)).remotes.find((r) => r.name === remote)!.version;
  const broken = await fallback.isVisible();
  await page.goto('about:blank');
  return { version, broken };
}

/**
 * Visits in rounds of three visitors at a time until the rollout is no longer running, checking it between rounds.
 * Returns every visit and the ended rollout.
 */
async function visitUntilDecided(
  app: string,
  canary: string,
  one: () => Promise<Visit>,
  each: (v: Visit) => void = () => undefined,
): Promise<{ visits: Visit[]; rollout: StaffRollout }> {
  const visits: Visit[] = [];
  let rollout = (await rolloutOf(app, canary))!;
  while (rollout.status === 'running') {
    expect(
      visits.length,
      `visits before the guard decided (last: ${JSON.stringify(rollout.last_decision)})`,
    ).toBeLessThan(MAX_VISITS);
    const earlier = leaving.splice(0);
    const round = await Promise.all([one(), one(), one()]);
    await Promise.all(earlier.map((context) => context.close()));
    for (const v of round) each(v);
    visits.push(...round);
    rollout = (await rolloutOf(app, canary))!;
  }
  return { visits, rollout };
}

/** After the test: the real build is the stable version again and no canary is left running. */
function restore(app: string, stable: string) {
  const entry = readRegistry().apps[app]!;
  if (entry.canary) runTool('rollback', [app]);
  if (readRegistry().apps[app]!.current !== stable) runTool('deploy', [app]);
}

test('a lander canary that throws on render is rolled back by the guard; then the stable version serves everyone', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const app = 'mf-landers';
  const stable = readRegistry().apps[app]!.current;
  // The canary's chunks throw where the lander renders its title (client and server bundles alike).
  const copy = buildCopy(app, (dir) => {
    const holders = jsFilesContaining(dir, '"lander-title"');
    expect(holders.length, 'chunks render the lander title').toBeGreaterThan(0);
    for (const file of holders) {
      const code = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(
        file,
        code.split('"lander-title"').join('(()=>{throw new Error("e2e canary: the lander broke")})()'),
      );
    }
  });
  try {
    runTool('deploy', [app, '--canary', '50', '--steps', '50,100', '--dist', copy]);
    const canary = readRegistry().apps[app]!.canary!.version;
    expect(canary).not.toBe(stable);
    await adopted(app, canary);

    const { visits, rollout } = await visitUntilDecided(
      app,
      canary,
      () => visit(browser, '/', 'mf_landers', (page) => page.getByTestId('lander-title')),
      (v) => {
        expect([stable, canary]).toContain(v.version);
        // Canary visitors see the fallback, stable visitors the lander.
        expect(v.broken, `a visit of ${v.version}`).toBe(v.version === canary);
      },
    );
    expect(rollout.status).toBe('rolled_back');
    const decision = rollout.decisions.at(-1)!;
    expect(decision).toMatchObject({ action: 'rollback', weight_before: 50, weight_after: 0 });
    expect(decision.evidence?.why).toEqual({ code: 'worse', metrics: ['errors'] });
    // Every canary view the guard counted had thrown; the stable views none.
    const facts = decision.evidence!;
    expect(facts.canary!.pageViews).toBeGreaterThan(0);
    expect(facts.canary!.errorViews).toBe(facts.canary!.pageViews);
    expect(facts.stable!.errorViews).toBe(0);
    test.info().annotations.push({
      type: 'visits',
      description: `${visits.length} visits (${visits.filter((v) => v.version === canary).length} on the canary) until the rollback`,
    });

    // The registry has no canary any more: every new visitor gets the stable lander.
    expect(readRegistry().apps[app]).toMatchObject({ current: stable });
    expect(readRegistry().apps[app]!.canary).toBeUndefined();
    const after = await Promise.all(
      [0, 1, 2].map(() => visit(browser, '/', 'mf_landers', (page) => page.getByTestId('lander-title'))),
    );
    expect(after).toEqual(Array(3).fill({ version: stable, broken: false }));

    // The back office shows the rollback, its reason and the canary's error with its stack mapped to source.
    await staff.goto('/staff/rollouts');
    await expect(staff.getByRole('heading', { level: 1, name: 'Uitrol van nieuwe versies' })).toBeVisible();
    const card = staff.getByRole('region', { name: `mf-landers · canary ${canary}` });
    await expect(card).toContainText('Teruggedraaid');
    await expect(card.getByTestId('rollout-decision').last()).toContainText(
      'De canary is significant slechter op: Fouten per paginaweergave',
    );
    const errors = card.getByTestId('rollout-errors');
    await expect(errors).toContainText('e2e canary: the lander broke');
    await expect(
      errors.getByRole('figure', { name: 'Stacktrace, herleid naar de broncode' }).first(),
    ).toContainText(/(src|node_modules)\/[\w./-]+\.(tsx?|js):\d+:\d+/);
  } finally {
    restore(app, stable);
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test('a lander canary whose code throws while the page starts, outside React, is rolled back; then stable serves everyone', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const app = 'mf-landers';
  const stable = readRegistry().apps[app]!.current;
  // The canary's remote entry throws from a timer as soon as it runs: no React render is involved and the lander
  // still shows. The error happens while the page starts, often before the shell's first page view.
  const copy = buildCopy(app, (dir) => {
    const entry = path.join(dir, 'remoteEntry.js');
    fs.writeFileSync(
      entry,
      'setTimeout(function(){throw new Error("e2e canary: start-up failed")},0);\n' +
        fs.readFileSync(entry, 'utf8'),
    );
  });
  try {
    runTool('deploy', [app, '--canary', '50', '--steps', '50,100', '--dist', copy]);
    const canary = readRegistry().apps[app]!.canary!.version;
    await adopted(app, canary);

    const { visits, rollout } = await visitUntilDecided(
      app,
      canary,
      () => visit(browser, '/', 'mf_landers', (page) => page.getByTestId('lander-title')),
      (v) => {
        expect([stable, canary]).toContain(v.version);
        // Both arms show the lander: only the console tells the canary apart.
        expect(v.broken, `a visit of ${v.version}`).toBe(false);
      },
    );
    expect(rollout.status).toBe('rolled_back');
    const decision = rollout.decisions.at(-1)!;
    expect(decision).toMatchObject({ action: 'rollback', weight_before: 50, weight_after: 0 });
    expect(decision.evidence?.why).toMatchObject({ code: 'worse' });
    expect((decision.evidence?.why as { metrics: string[] }).metrics).toContain('errors');
    // Every canary visitor counted had the error charged to the lander. A stable visitor can have one too on a
    // loaded machine: a server render over its budget counts against the version it rendered.
    const facts = decision.evidence!;
    expect(facts.canary!.pageViews).toBeGreaterThan(0);
    expect(facts.canary!.errorViews).toBe(facts.canary!.pageViews);
    expect(facts.stable!.errorViews).toBeLessThan(facts.stable!.pageViews);
    test.info().annotations.push({
      type: 'visits',
      description: `${visits.length} visits (${visits.filter((v) => v.version === canary).length} on the canary) until the rollback`,
    });

    expect(readRegistry().apps[app]).toMatchObject({ current: stable });
    expect(readRegistry().apps[app]!.canary).toBeUndefined();
    const after = await Promise.all(
      [0, 1, 2].map(() => visit(browser, '/', 'mf_landers', (page) => page.getByTestId('lander-title'))),
    );
    expect(after).toEqual(Array(3).fill({ version: stable, broken: false }));
  } finally {
    restore(app, stable);
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test('a canary identical to stable is promoted by the guard through every step', async ({ browser }) => {
  test.setTimeout(480_000);
  const app = 'mf-landers';
  const stable = readRegistry().apps[app]!.current;
  // The same build with one more file (buildCopy's): a new version that behaves exactly like stable.
  const copy = buildCopy(app, () => undefined);
  try {
    runTool('deploy', [app, '--canary', '40', '--steps', '40,60,100', '--dist', copy]);
    const canary = readRegistry().apps[app]!.canary!.version;
    await adopted(app, canary);

    const { rollout } = await visitUntilDecided(
      app,
      canary,
      () => visit(browser, '/', 'mf_landers', (page) => page.getByTestId('lander-title')),
      (v) => expect(v.broken, `a visit of ${v.version}`).toBe(false),
    );
    expect(rollout.status).toBe('promoted');
    expect(rollout.decisions.map((d) => [d.action, d.weight_before, d.weight_after])).toEqual([
      ['advance', 40, 60],
      ['promote', 60, 100],
    ]);
    expect(rollout.decisions[0]!.evidence?.why).toEqual({ code: 'advance', from: 40, to: 60 });
    expect(readRegistry().apps[app]).toMatchObject({ current: canary });
    expect(readRegistry().apps[app]!.canary).toBeUndefined();
    const after = await visit(browser, '/', 'mf_landers', (page) => page.getByTestId('lander-title'));
    expect(after).toEqual({ version: canary, broken: false });
  } finally {
    restore(app, stable);
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test('a payments canary whose remote entry answers 404 is rolled back by the guard', async ({ browser }) => {
  test.setTimeout(480_000);
  const app = 'mf-payments';
  const stable = readRegistry().apps[app]!.current;
  const copy = buildCopy(app, (dir) => fs.rmSync(path.join(dir, 'remoteEntry.js')));
  const premium = (page: Page) => page.getByRole('heading', { level: 1, name: 'Word Premium' });
  try {
    runTool('deploy', [app, '--canary', '50', '--steps', '50,100', '--dist', copy]);
    const canary = readRegistry().apps[app]!.canary!.version;
    await adopted(app, canary);

    const { rollout } = await visitUntilDecided(
      app,
      canary,
      () => visit(browser, '/premium', 'mf_payments', premium),
      (v) => {
        expect(v.broken, `a visit of ${v.version}`).toBe(v.version === canary);
      },
    );
    expect(rollout.status).toBe('rolled_back');
    const decision = rollout.decisions.at(-1)!;
    expect(decision).toMatchObject({ action: 'rollback', weight_before: 50, weight_after: 0 });
    expect(decision.evidence?.why).toMatchObject({ code: 'worse' });
    expect((decision.evidence?.why as { metrics: string[] }).metrics).toContain('load_failures');
    expect(decision.evidence!.canary!.loadFailureViews).toBe(decision.evidence!.canary!.pageViews);

    expect(readRegistry().apps[app]!.canary).toBeUndefined();
    const after = await Promise.all([0, 1].map(() => visit(browser, '/premium', 'mf_payments', premium)));
    expect(after).toEqual(Array(2).fill({ version: stable, broken: false }));
  } finally {
    restore(app, stable);
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

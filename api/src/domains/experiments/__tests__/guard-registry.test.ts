import type { TelemetryView } from '@dating/shared/contract/telemetry';
import { creditViews, reportViews } from '../../../testing/telemetry';
import { DeployRefused } from '../../sites';
import {
  createTestApp,
  deployTestVersion,
  publishTestVersion,
  type TestContext,
} from '../../../testing/helpers';
import { staffSession } from '../../../testing/staff';
import { createCanaryGuard, registryRolloutActions } from '../guard';
import { formatRollouts } from '../report-cli';
import { rolloutsReport } from '../rollouts';

// The guard on the real deploy registry (deploy_apps in the database): a canary deployed with steps is picked up
// by the guard's next turn, raised step by step with its steps kept, promoted at 100, and a bad one rolled back
// with only the canary removed.
let t: TestContext;
const STABLE = '1.0.0-aaaaaaaa';
const POLICY = { minStepMs: 0, metrics: ['errors', 'load_failures'] as const, regressionMin: 0.5 };

const views = creditViews;
const report = (list: TelemetryView[], at: Date) => reportViews(t.app, list, at);

function guard() {
  return createCanaryGuard(t.app.db, {
    telemetry: t.app.services.telemetry,
    actions: registryRolloutActions(t.app.services.registry),
    log: t.app.log,
    policy: POLICY,
  });
}

async function canary(version: string, weight: number, steps?: number[]) {
  const files = await publishTestVersion(t.app, 'mf-payments', version, { 'mf-manifest.json': '{}' });
  await t.app.services.registry.apply({
    action: 'canary',
    app: 'mf-payments',
    version,
    weight,
    files,
    ...(steps ? { steps } : {}),
  });
}

const entry = () => t.app.services.registry.state().apps['mf-payments']!;

beforeAll(async () => {
  t = await createTestApp({ profiles: 2 });
  await deployTestVersion(t.app, 'mf-payments', STABLE);
});
afterAll(async () => {
  await t.close();
});

test('the registry keeps a canary’s steps; re-weighting it without steps, or bad steps, are handled', async () => {
  await canary('1.1.0-cccccccc', 10, [10, 50, 100]);
  expect(entry().canary).toMatchObject({ version: '1.1.0-cccccccc', weight: 10, steps: [10, 50, 100] });
  // By hand, without steps: no rollout any more.
  await canary('1.1.0-cccccccc', 30);
  expect(entry().canary).toEqual(expect.objectContaining({ weight: 30 }));
  expect(entry().canary!.steps).toBeUndefined();
  for (const steps of [
    [10, 50],
    [50, 10, 100],
    [0, 100],
    [25, 50, 100],
  ]) {
    const cmd = {
      action: 'canary' as const,
      app: 'mf-payments',
      version: '1.1.0-cccccccc',
      weight: 10,
      steps,
    };
    const refused = t.app.services.registry.apply(cmd);
    await expect(refused).rejects.toBeInstanceOf(DeployRefused);
  }
  await t.app.services.registry.apply({ action: 'rollback', app: 'mf-payments' });
  expect(entry()).toMatchObject({ current: STABLE });
  expect(entry().canary).toBeUndefined();
});

test('a canary deployed with steps is picked up by the guard and promoted through every step', async () => {
  const g = guard();
  const version = '1.2.0-dddddddd';
  await canary(version, 10, [10, 50, 100]);
  const [started] = await g.adopt();
  expect(started).toMatchObject({ app: 'mf-payments', canary_version: version, weight: 10 });
  // Picked up once.
  expect(await g.adopt()).toEqual([]);
  const seen: number[] = [];
  for (let turn = 0; turn < 3; turn++) {
    const at = new Date();
    await report(views(STABLE, 30), at);
    await report(views(version, 30), at);
    // Judged at the reports' time: the step an advance starts begins then, so the next turn's views (reported
    // later) are counted in it. Judged a second later, a step could begin in the next telemetry minute and
    // leave the next turn's views, still in this minute, out of it (a wait instead of a step on a fast machine).
    const outcome = await g.evaluate(at);
    seen.push(entry().canary?.weight ?? (entry().current === version ? 100 : -1));
    if (outcome['mf-payments'] === 'promote') break;
    // The steps stay with the re-weighted canary.
    expect(entry().canary!.steps).toEqual([10, 50, 100]);
  }
  expect(seen).toEqual([50, 100, 100].slice(0, seen.length));
  expect(entry()).toMatchObject({ current: version });
  expect(entry().canary).toBeUndefined();
  const [listed] = await g.list(1);
  expect(listed).toMatchObject({ status: 'promoted' });
  expect(listed!.decisions.map((d) => d.action)).toEqual(['advance', 'promote']);
});

test('a bad canary deployed with steps is rolled back: only the canary goes, stable stays', async () => {
  const g = guard();
  const stable = entry().current;
  const version = '1.3.0-eeeeeeee';
  await canary(version, 25, [25, 100]);
  await g.adopt();
  const at = new Date();
  await report(views(stable, 40), at);
  await report(views(version, 15, { load_failure: true, errors: 1 }), at);
  expect(await g.evaluate(new Date(at.getTime() + 1000))).toEqual({ 'mf-payments': 'rollback' });
  expect(entry()).toMatchObject({ current: stable });
  expect(entry().canary).toBeUndefined();
  // The ended rollout is not started again, and there is no canary left to start one for.
  expect(await g.adopt()).toEqual([]);
});

test('source maps are not served publicly but stay readable for the stack resolver of the staff report', async () => {
  const version = '1.4.0-ffffffff';
  const map = JSON.stringify({
    version: 3,
    file: 'main.js',
    sources: ['webpack://mf-payments/./src/credits.tsx'],
    names: ['renderCredits'],
    mappings: 'AAAAA',
  });
  await publishTestVersion(t.app, 'mf-payments', version, {
    'mf-manifest.json': '{}',
    'main.js': 'throw new Error("x")',
    'main.js.map': map,
  });
  const res = await t.app.inject({ method: 'GET', url: `/remotes/mf-payments/${version}/main.js.map` });
  expect(res.statusCode).toBe(404);
  expect(
    (await t.app.inject({ method: 'GET', url: `/remotes/mf-payments/${version}/main.js` })).statusCode,
  ).toBe(200);
  expect((await t.app.services.registry.readFile('mf-payments', version, 'main.js.map'))?.toString()).toBe(
    map,
  );
});

test('operators see the rollouts with their decisions and the canary’s top errors; visitors do not', async () => {
  const version = '1.5.0-abababab';
  await canary(version, 10, [10, 100]);
  const g = guard();
  await g.adopt();
  const at = new Date();
  await report(views(entry().current, 40), at);
  await report(
    views(version, 15, {
      load_failure: true,
      errors: 1,
      samples: [
        {
          kind: 'error',
          message: 'boom',
          stack: `Error: boom\n    at render (/remotes/mf-payments/${version}/main.js:1:1)`,
        },
      ],
    } as Partial<TelemetryView>),
    at,
  );
  await g.evaluate(new Date(at.getTime() + 1000));
  expect((await t.app.inject({ method: 'GET', url: '/api/staff/rollouts' })).statusCode).toBe(403);
  const operator = await staffSession(t, 'operator');
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/staff/rollouts',
    headers: { cookie: operator.cookie },
  });
  expect(res.statusCode).toBe(200);
  const [latest] = res.json().rollouts;
  expect(latest).toMatchObject({ app: 'mf-payments', canary_version: version, status: 'rolled_back' });
  expect(latest.decisions[0]).toMatchObject({ action: 'rollback' });
  expect(latest.last_decision.canary).toMatchObject({ pageViews: 15, loadFailureViews: 15 });
  expect(latest.topErrors[0]).toMatchObject({ kind: 'error', message: 'boom' });
  expect(latest.topErrors[0].frames[0].raw).toContain('main.js:1:1');
});

test('npm run experiment-report prints the rollouts with the reasons of their decisions', async () => {
  const text = formatRollouts(
    await rolloutsReport({
      guard: guard(),
      telemetry: t.app.services.telemetry,
      readFile: (name, version, file) => t.app.services.registry.readFile(name, version, file),
    }),
  );
  expect(text).toContain('mf-payments 1.2.0-dddddddd');
  expect(text).toMatch(/1\.5\.0-abababab: rolled_back/);
  expect(text).toMatch(/rollback 10 → 0 %: .*load_failures/);
  expect(text).toContain('error ×15 error: boom');
});

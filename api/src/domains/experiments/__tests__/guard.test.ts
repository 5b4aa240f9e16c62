import type { TelemetryView } from '@dating/shared/contract/telemetry';
import { creditViews, reportViews } from '../../../testing/telemetry';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { createCanaryGuard, RolloutRefused, type RegistryView, type RolloutActions } from '../guard';

let t: TestContext;
const STABLE = '1.0.0-aaaaaaaa';
const CANARY = '1.1.0-bbbbbbbb';
const POLICY = { minStepMs: 60_000, metrics: ['errors', 'load_failures'] as const, regressionMin: 0.5 };

/** The registry as the guard sees it: an in-memory stand-in at the edge of this test (the real one is the sites
 * domain's, exercised end to end in the multi-node and browser tests). */
function registry(initial: Record<string, RegistryView>) {
  const state = structuredClone(initial);
  const calls: string[] = [];
  const actions: RolloutActions = {
    async state(app) {
      return state[app] ? structuredClone(state[app]!) : null;
    },
    async setWeight(app, version, weight) {
      calls.push(`weight ${app} ${weight}`);
      state[app]!.canary = { version, weight };
    },
    async promote(app) {
      calls.push(`promote ${app}`);
      state[app] = { current: state[app]!.canary!.version, canary: null };
    },
    async rollback(app) {
      calls.push(`rollback ${app}`);
      state[app]!.canary = null;
    },
  };
  return { state, calls, actions };
}

const views = creditViews;
const report = (list: TelemetryView[], at: Date) => reportViews(t.app, list, at);

beforeAll(async () => {
  t = await createTestApp({ profiles: 2 });
});
afterAll(async () => {
  await t.close();
});

test('a canary whose remote entry fails to load is rolled back at once, with the numbers on file', async () => {
  const reg = registry({ 'mf-payments': { current: STABLE, canary: { version: CANARY, weight: 10 } } });
  const guard = createCanaryGuard(t.app.db, {
    telemetry: t.app.services.telemetry,
    actions: reg.actions,
    log: t.app.log,
    policy: POLICY,
  });
  const start = new Date(Date.now() - 1000);
  const rollout = await guard.start('mf-payments', [10, 25, 50, 100]);
  await report(views(STABLE, 60), start);
  await report(views(CANARY, 12, { load_failure: true, errors: 1 }), start);
  expect(await guard.evaluate(new Date(start.getTime() + 5000))).toEqual({ 'mf-payments': 'rollback' });
  expect(reg.calls).toEqual(['rollback mf-payments']);
  const [listed] = (await guard.list()).filter((r) => Number(r.id) === Number(rollout.id));
  expect(listed).toMatchObject({ status: 'rolled_back' });
  expect(listed!.decisions).toHaveLength(1);
  expect(listed!.decisions[0]).toMatchObject({ action: 'rollback', weight_before: 10, weight_after: 0 });
  expect(listed!.decisions[0]!.reason).toContain('load_failures');
  expect(listed!.decisions[0]!.evidence).toMatchObject({ canary: { pageViews: 12, loadFailureViews: 12 } });
  // Nothing runs any more: the next turn has nothing to judge.
  expect(await guard.evaluate()).toEqual({});
});

test('a canary as good as stable walks every step to promotion, each step waiting for views and time', async () => {
  const STABLE2 = '2.0.0-cccccccc';
  const CANARY2 = '2.1.0-dddddddd';
  const reg = registry({ 'mf-payments': { current: STABLE2, canary: { version: CANARY2, weight: 10 } } });
  const guard = createCanaryGuard(t.app.db, {
    telemetry: t.app.services.telemetry,
    actions: reg.actions,
    log: t.app.log,
    policy: POLICY,
  });
  await guard.start('mf-payments', [10, 50, 100]);
  const t0 = Date.now();
  const at = (seconds: number) => new Date(t0 + seconds * 1000);
  // Too few views: waits, and the registry is untouched.
  await report(views(STABLE2, 5), at(0));
  expect(await guard.evaluate(at(120))).toEqual({ 'mf-payments': 'wait' });
  // Enough views of both arms, and the first step has run past its minute: up to 50 %.
  await report(views(STABLE2, 40), at(120));
  await report(views(CANARY2, 30), at(120));
  expect(await guard.evaluate(at(130))).toEqual({ 'mf-payments': 'advance' });
  // The new step starts counting again: enough views, but younger than a minute.
  await report(views(STABLE2, 40), at(140));
  await report(views(CANARY2, 30), at(140));
  expect(await guard.evaluate(at(150))).toEqual({ 'mf-payments': 'wait' });
  expect(await guard.evaluate(at(200))).toEqual({ 'mf-payments': 'promote' });
  expect(reg.calls).toEqual(['weight mf-payments 50', 'promote mf-payments']);
  expect(reg.state['mf-payments']).toEqual({ current: CANARY2, canary: null });
});

test('a registry changed by hand stops the rollout; the guard does not fight a person', async () => {
  const reg = registry({ 'mf-payments': { current: STABLE, canary: { version: CANARY, weight: 10 } } });
  const guard = createCanaryGuard(t.app.db, {
    telemetry: t.app.services.telemetry,
    actions: reg.actions,
    log: t.app.log,
    policy: POLICY,
  });
  await guard.start('mf-payments', [10, 100]);
  reg.state['mf-payments']!.canary = { version: CANARY, weight: 40 };
  expect(await guard.evaluate()).toEqual({ 'mf-payments': 'stop' });
  expect(reg.calls).toEqual([]);
});

test('when the registry cannot be changed, the rollout stays where it is', async () => {
  const reg = registry({ 'mf-payments': { current: STABLE, canary: { version: CANARY, weight: 10 } } });
  reg.actions.rollback = async () => {
    throw new Error('database unavailable');
  };
  const guard = createCanaryGuard(t.app.db, {
    telemetry: t.app.services.telemetry,
    actions: reg.actions,
    log: t.app.log,
    policy: POLICY,
  });
  const start = new Date(Date.now() - 1000);
  await guard.start('mf-payments', [10, 100]);
  await report(views(CANARY, 15, { errors: 3 }), start);
  await report(views(STABLE, 50), start);
  expect(await guard.evaluate(new Date(start.getTime() + 1000))).toEqual({ 'mf-payments': 'failed' });
  const [running] = (await guard.list()).filter((r) => r.status === 'running');
  expect(running).toMatchObject({ app: 'mf-payments', weight: 10 });
});

test('a rollout needs a canary at its first step', async () => {
  const reg = registry({ 'mf-payments': { current: STABLE, canary: null } });
  const guard = createCanaryGuard(t.app.db, {
    telemetry: t.app.services.telemetry,
    actions: reg.actions,
    log: t.app.log,
  });
  await expect(guard.start('mf-payments', [10, 100])).rejects.toBeInstanceOf(RolloutRefused);
  reg.state['mf-payments']!.canary = { version: CANARY, weight: 20 };
  await expect(guard.start('mf-payments', [10, 100])).rejects.toThrow('first step is 10 %');
});

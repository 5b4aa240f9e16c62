import { sql } from 'drizzle-orm';
import type { TelemetryView } from '@dating/shared/contract/telemetry';
import { rows } from '../../../db/sql';
import { creditViews, reportViews } from '../../../testing/telemetry';
import {
  createTestApp,
  deployTestVersion,
  publishTestVersion,
  type TestContext,
} from '../../../testing/helpers';
import { createCanaryGuard, registryRolloutActions, type RolloutActions } from '../guard';

// Several nodes, one verdict (docs/adr/0032-canary-guard.md): a decision is carried out in one transaction with the
// rollout's row and the registry, only while both are as judged. On PostgreSQL (DATABASE_URL) a node's death is its
// session ended by the server, as when its process is killed; on PGlite (one process) a turn that throws after
// changing the registry stands in for it.
let t: TestContext;
const STABLE = '1.0.0-aaaaaaaa';
/** Clean views on both arms decide within a margin of half the views (the rule's own tests judge the margins). */
const POLICY = { minStepMs: 0, metrics: ['errors', 'load_failures'] as const, regressionMin: 0.5 };
const postgres = Boolean(process.env.DATABASE_URL);

const report = (list: TelemetryView[], at: Date) => reportViews(t.app, list, at);
const entry = () => t.app.services.registry.state().apps['mf-payments']!;

function guard(actions: RolloutActions = registryRolloutActions(t.app.services.registry)) {
  return createCanaryGuard(t.app.db, {
    telemetry: t.app.services.telemetry,
    actions,
    log: t.app.log,
    policy: POLICY,
  });
}

/** A canary of mf-payments deployed with steps 10, 50, 100, picked up by the guard, and clean views of both arms. */
async function rolloutWithViews(version: string) {
  const files = await publishTestVersion(t.app, 'mf-payments', version, { 'mf-manifest.json': '{}' });
  await t.app.services.registry.apply({
    action: 'canary',
    app: 'mf-payments',
    version,
    weight: 10,
    files,
    steps: [10, 50, 100],
  });
  const [rollout] = await guard().adopt();
  const at = new Date();
  await report(creditViews(entry().current, 30), at);
  await report(creditViews(version, 30), at);
  return { id: Number(rollout!.id), at };
}

async function rolloutRow(id: number) {
  const [row] = await rows<{ status: string; weight: number; decisions: string }>(
    t.app.db,
    sql`SELECT status, weight, (SELECT count(*) FROM rollout_decisions d WHERE d.rollout_id = r.id) AS decisions
      FROM rollouts r WHERE id = ${id}`,
  );
  return { ...row!, decisions: Number(row!.decisions) };
}

beforeAll(async () => {
  t = await createTestApp({ profiles: 2 });
  await deployTestVersion(t.app, 'mf-payments', STABLE);
});
afterAll(async () => {
  await t.close();
});

test('a node that dies mid-turn, after changing the registry in its turn, leaves the rollout where it was', async () => {
  const version = '1.1.0-bbbbbbbb';
  const { id, at } = await rolloutWithViews(version);
  const real = registryRolloutActions(t.app.services.registry);
  const dying: RolloutActions = {
    ...real,
    async setWeight(app, v, weight, options) {
      await real.setWeight(app, v, weight, options);
      if (postgres && options?.tx) {
        // The registry row is written (in the turn's transaction); now the node's session ends, as the server ends
        // it when the node's process is gone. The test process lives on: a broken connection held by a transaction
        // must not end the process (db/client.ts listens to its 'error').
        await options.tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
      } else {
        throw new Error('the node died');
      }
    },
  };
  expect(await guard(dying).evaluate(at)).toEqual({ 'mf-payments': 'failed' });
  await t.app.services.registry.reload();
  // Neither the registry nor the rollout moved, and no decision is on file that did not happen.
  expect(entry().canary).toMatchObject({ version, weight: 10, steps: [10, 50, 100] });
  expect(await rolloutRow(id)).toEqual({ status: 'running', weight: 10, decisions: 0 });
  // The next turn (any node's) takes it from there: up a step, not "changed by hand".
  expect(await guard().evaluate(at)).toEqual({ 'mf-payments': 'advance' });
  expect(entry().canary).toMatchObject({ version, weight: 50, steps: [10, 50, 100] });
  expect(await rolloutRow(id)).toEqual({ status: 'running', weight: 50, decisions: 1 });
  await t.app.services.registry.apply({ action: 'rollback', app: 'mf-payments' });
});

test('two nodes judging the same numbers at once decide once', async () => {
  const version = '1.2.0-cccccccc';
  const { id, at } = await rolloutWithViews(version);
  // Both nodes have read the rollout before either decides (as when one node's lock was lost with its connection).
  let arrived = 0;
  let bothRead!: () => void;
  const barrier = new Promise<void>((resolve) => (bothRead = resolve));
  const node = () => {
    const real = registryRolloutActions(t.app.services.registry);
    return guard({
      ...real,
      async state(app) {
        const state = await real.state(app);
        if (++arrived === 2) bothRead();
        await barrier;
        return state;
      },
    });
  };
  const outcomes = await Promise.all([node().evaluate(at), node().evaluate(at)]);
  expect(outcomes.map((o) => o['mf-payments']).sort()).toEqual(['advance', 'stale']);
  await t.app.services.registry.reload();
  expect(entry().canary).toMatchObject({ version, weight: 50 });
  expect(await rolloutRow(id)).toEqual({ status: 'running', weight: 50, decisions: 1 });
});

test('a registry changed between the judgement and the change is not overwritten', async () => {
  const version = '1.3.0-dddddddd';
  const { id, at } = await rolloutWithViews(version);
  const real = registryRolloutActions(t.app.services.registry);
  const g = guard({
    ...real,
    async state(app) {
      const state = await real.state(app);
      // An operator re-weights the canary by hand just after the guard read the registry.
      await t.app.services.registry.apply({ action: 'canary', app: 'mf-payments', version, weight: 30 });
      return state;
    },
  });
  expect(await g.evaluate(at)).toEqual({ 'mf-payments': 'failed' });
  await t.app.services.registry.reload();
  expect(entry().canary).toMatchObject({ version, weight: 30 });
  expect(await rolloutRow(id)).toEqual({ status: 'running', weight: 10, decisions: 0 });
  // Its next turn sees the hand change and lets go.
  expect(await guard().evaluate(at)).toEqual({ 'mf-payments': 'stop' });
});

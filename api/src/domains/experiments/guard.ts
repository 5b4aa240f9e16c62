import { sql } from 'drizzle-orm';
import type { StaffRolloutDecision } from '@dating/shared/contract/staff';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { first, rows } from '../../db/sql';
import {
  decide,
  DEFAULT_GUARD_POLICY,
  nextWeight,
  quantile,
  type ArmCounts,
  type GuardDecision,
  type GuardPolicy,
} from './guard-rule';
import type { TelemetryService } from './telemetry';
import { LANDERS_APP } from './service';
import type { Registry, SwitchExpectation } from '../sites';

/**
 * The canary guard (docs/adr/0032-canary-guard.md): walks each running rollout through its steps, judging canary
 * against stable with the decision rule on what the browsers of both arms reported since the step began. State and
 * decisions live in the database (migration 0301); the job that calls `evaluate` runs on one node at a time (the
 * jobs' advisory lock).
 *
 * The guard changes the registry only through `RolloutActions` (the sites domain's deploy commands): re-weight the
 * canary, promote it, or remove it. A decision is carried out in one transaction with the rollout's row and its
 * record, and only while both are as judged (compare-and-set on the rollout's status and weight, and on the
 * registry's entry): a node that dies mid-turn leaves the rollout where it was, and a second turn on the same
 * numbers (a node whose lock was lost with its connection) changes nothing. When anything fails, the rollout stays
 * where it is: it never moves up without evidence.
 */

export interface RegistryView {
  current: string;
  /** `steps`: the rollout the canary was deployed with (`npm run deploy -- <app> --canary 10 --steps …`). */
  canary: { version: string; weight: number; steps?: number[] } | null;
}

/** How the guard changes the registry. */
export interface ChangeOptions {
  /** The guard's transaction: the change commits with the rollout's own row, or not at all. */
  tx?: Tx;
  /** The registry as the guard judged it: the change is refused when it is no longer so. */
  expect?: SwitchExpectation;
  /** The canary's rollout steps, kept with a re-weight. */
  steps?: number[];
}

export interface RolloutActions {
  /** The app's registry entry now, or null when the app is not deployed. */
  state(app: string): Promise<RegistryView | null>;
  setWeight(app: string, version: string, weight: number, options?: ChangeOptions): Promise<void>;
  promote(app: string, options?: ChangeOptions): Promise<void>;
  /** Removes the canary: every visitor back on stable. */
  rollback(app: string, options?: ChangeOptions): Promise<void>;
  /** After the guard's transaction committed a change: this node serves it at once (others reload on its NOTIFY). */
  committed?(): Promise<void>;
  /** Apps whose canary was deployed with rollout steps (optional: a guard without it only runs what `start` began). */
  rolloutCanaries?(): Promise<string[]>;
}

/**
 * RolloutActions on the sites domain's deploy registry (`app.services.registry`): read after a reload (another
 * node may have switched it), and every change is a deploy command (ADR 0025), in the guard's transaction when it
 * passes one, applied only to the entry it expects. A re-weight keeps the canary's steps, so the registry still says
 * it is a rollout.
 */
export function registryRolloutActions(registry: Registry): RolloutActions {
  async function entry(app: string) {
    await registry.reload();
    return registry.state().apps[app] ?? null;
  }
  const guarded = (options?: ChangeOptions) => (options?.expect ? { expect: options.expect } : {});
  return {
    async state(app) {
      const e = await entry(app);
      return e ? { current: e.current, canary: e.canary ?? null } : null;
    },
    async setWeight(app, version, weight, options) {
      // Inside a transaction the registry is not read again (on PGlite that would wait for the transaction itself).
      const e = options?.tx ? null : await entry(app);
      const steps = options?.steps ?? (e?.canary?.version === version ? e.canary.steps : undefined);
      await registry.apply(
        { action: 'canary', app, version, weight, ...(steps ? { steps } : {}), ...guarded(options) },
        options?.tx,
      );
    },
    async promote(app, options) {
      await registry.apply({ action: 'promote', app, ...guarded(options) }, options?.tx);
    },
    async rollback(app, options) {
      // With a canary running, a rollback removes only the canary (state.ts): stable stays as it is. The expected
      // entry names the canary, so a rollback never reaches stable.
      if (!options?.expect?.canary) {
        const e = await entry(app);
        if (!e?.canary) throw new Error(`${app} has no canary to roll back`);
      }
      await registry.apply({ action: 'rollback', app, ...guarded(options) }, options?.tx);
    },
    async committed() {
      await registry.reload();
    },
    async rolloutCanaries() {
      await registry.reload();
      return Object.entries(registry.state().apps)
        .filter(([, e]) => e.canary?.steps?.length)
        .map(([app]) => app);
    },
  };
}

export interface RolloutRow {
  id: number;
  app: string;
  stable_version: string;
  canary_version: string;
  steps: number[];
  weight: number;
  step_started_at: string;
  status: 'running' | 'promoted' | 'rolled_back' | 'stopped';
  /** As recorded by `evaluate`: the decision with both arms' evidence. */
  last_decision: (GuardDecision & { at: string; stable: ArmEvidence; canary: ArmEvidence }) | null;
  started_at: string;
  ended_at: string | null;
}

/** Refused `start` (the CLI prints the message). */
export class RolloutRefused extends Error {}

/** A turn that found its rollout already decided (by another node's turn): it changed nothing. */
class StaleTurn extends Error {}

export interface GuardDeps {
  telemetry: TelemetryService;
  actions: RolloutActions;
  log: FastifyBaseLogger;
  policy?: Partial<GuardPolicy>;
  /** Called with each decision that changed the registry (metrics). */
  onDecision?: (app: string, action: GuardDecision['action']) => void;
}

/** LCP and INP values are summarised for the record: the samples themselves stay in the telemetry tables. */
type ArmEvidence = ReturnType<typeof evidence>;
function evidence(arm: ArmCounts) {
  const { lcp, inp = [], ...rest } = arm;
  const p75 = (values: readonly number[]) => (values.length ? quantile(values, 0.75) : null);
  return { ...rest, lcp_samples: lcp.length, lcp_p75: p75(lcp), inp_samples: inp.length, inp_p75: p75(inp) };
}

export function createCanaryGuard(db: Db, deps: GuardDeps) {
  const policy: GuardPolicy = { ...DEFAULT_GUARD_POLICY, ...deps.policy };

  /** Visits and signups of one version of the landers since `since` (the experiment tables). */
  async function conversions(app: string, version: string, since: string) {
    const row = await first<{ visits: string; signups: string }>(
      db,
      sql`SELECT count(*) AS visits, count(*) FILTER (WHERE user_id IS NOT NULL) AS signups
        FROM experiment_assignments WHERE app = ${app} AND version = ${version} AND created_at >= ${since}`,
    );
    return { visits: Number(row?.visits ?? 0), signups: Number(row?.signups ?? 0) };
  }

  async function arms(r: RolloutRow) {
    const since = new Date(r.step_started_at);
    const [stable, canary] = await Promise.all([
      deps.telemetry.armCounts(r.app, r.stable_version, since),
      deps.telemetry.armCounts(r.app, r.canary_version, since),
    ]);
    if (r.app === LANDERS_APP) {
      Object.assign(stable, await conversions(r.app, r.stable_version, r.step_started_at));
      Object.assign(canary, await conversions(r.app, r.canary_version, r.step_started_at));
    }
    return { stable, canary };
  }

  /**
   * Moves the rollout from the state it was judged in (running, at its weight) to `next`, records the decision, and
   * changes the registry, in one transaction: all of it or nothing. Refused (StaleTurn) when the rollout is no longer
   * as judged: another turn decided first.
   */
  async function carryOut(
    r: RolloutRow,
    next: { status: RolloutRow['status']; weight: number; newStep?: Date },
    record: {
      action: 'advance' | 'promote' | 'rollback' | 'stop';
      weightAfter: number | null;
      reason: string;
    },
    facts: object,
    change: (tx: Tx) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      const ended = next.status === 'running' ? null : sql`now()`;
      const claimed = await rows<{ id: number }>(
        tx,
        sql`UPDATE rollouts SET status = ${next.status}, weight = ${next.weight},
              step_started_at = ${next.newStep ? sql`${next.newStep.toISOString()}` : sql`step_started_at`},
              ended_at = ${ended ?? sql`ended_at`}
            WHERE id = ${r.id} AND status = 'running' AND weight = ${r.weight}
            RETURNING id`,
      );
      if (!claimed.length) throw new StaleTurn(`rollout ${r.id} was decided by another turn`);
      await tx.execute(sql`INSERT INTO rollout_decisions
          (rollout_id, action, weight_before, weight_after, reason, evidence)
        VALUES (${r.id}, ${record.action}, ${r.weight}, ${record.weightAfter}, ${record.reason},
                ${JSON.stringify(facts)}::jsonb)`);
      await change(tx);
    });
    await deps.actions.committed?.();
  }

  /** Judges one rollout and carries out the decision. */
  async function step(r: RolloutRow, now: Date): Promise<GuardDecision['action'] | 'stop'> {
    const registry = await deps.actions.state(r.app);
    // Someone promoted, rolled back or re-weighted by hand: the guard lets go rather than fight them.
    if (
      !registry ||
      registry.current !== r.stable_version ||
      registry.canary?.version !== r.canary_version ||
      registry.canary.weight !== r.weight
    ) {
      await carryOut(
        r,
        { status: 'stopped', weight: r.weight },
        { action: 'stop', weightAfter: null, reason: 'the registry was changed by hand' },
        { registry, why: { code: 'by_hand' } },
        async () => undefined,
      );
      return 'stop';
    }
    const { stable, canary } = await arms(r);
    const decision = decide(
      stable,
      canary,
      {
        weight: r.weight,
        steps: r.steps,
        stepAgeMs: now.getTime() - new Date(r.step_started_at).getTime(),
        conversion: r.app === LANDERS_APP,
      },
      policy,
    );
    const facts = {
      stable: evidence(stable),
      canary: evidence(canary),
      metrics: decision.metrics,
      why: decision.why,
    };
    await db.execute(
      sql`UPDATE rollouts SET last_decision = ${JSON.stringify({
        ...decision,
        ...facts,
        at: now.toISOString(),
      })}::jsonb WHERE id = ${r.id} AND status = 'running' AND weight = ${r.weight}`,
    );
    if (decision.action === 'wait') return 'wait';

    // The registry as judged: a change made meanwhile (by hand, or by another turn) refuses the decision.
    const expect = { current: r.stable_version, canary: { version: r.canary_version, weight: r.weight } };
    const steps = registry.canary.steps;
    if (decision.action === 'rollback') {
      await carryOut(
        r,
        { status: 'rolled_back', weight: r.weight },
        { action: 'rollback', weightAfter: 0, reason: decision.reason },
        facts,
        (tx) => deps.actions.rollback(r.app, { tx, expect }),
      );
      deps.log.warn(
        { app: r.app, version: r.canary_version, reason: decision.reason },
        'canary rolled back by the guard',
      );
    } else if (decision.action === 'promote') {
      await carryOut(
        r,
        { status: 'promoted', weight: r.weight },
        { action: 'promote', weightAfter: 100, reason: decision.reason },
        facts,
        (tx) => deps.actions.promote(r.app, { tx, expect }),
      );
      deps.log.info({ app: r.app, version: r.canary_version }, 'canary promoted by the guard');
    } else {
      const weight = nextWeight(r)!;
      await carryOut(
        r,
        { status: 'running', weight, newStep: now },
        { action: 'advance', weightAfter: weight, reason: decision.reason },
        facts,
        (tx) =>
          deps.actions.setWeight(r.app, r.canary_version, weight, {
            tx,
            expect,
            ...(steps ? { steps } : {}),
          }),
      );
    }
    deps.onDecision?.(r.app, decision.action);
    return decision.action;
  }

  const guard = {
    policy,

    /**
     * Starts a rollout of the app's current canary (the deploy command set it at the first step's weight). One
     * running rollout per app; an earlier running one is stopped.
     */
    async start(app: string, steps: number[]): Promise<RolloutRow> {
      const registry = await deps.actions.state(app);
      if (!registry?.canary) throw new RolloutRefused(`${app} has no canary to roll out`);
      if (registry.canary.weight !== steps[0]) {
        throw new RolloutRefused(
          `the canary runs at ${registry.canary.weight} %, the first step is ${steps[0]} %`,
        );
      }
      await db.execute(sql`UPDATE rollouts SET status = 'stopped', ended_at = now()
        WHERE app = ${app} AND status = 'running'`);
      const row = await first<RolloutRow>(
        db,
        sql`INSERT INTO rollouts (app, stable_version, canary_version, steps, weight)
          VALUES (${app}, ${registry.current}, ${registry.canary.version},
                  ${`{${steps.join(',')}}`}::smallint[], ${steps[0]})
          RETURNING *`,
      );
      return row!;
    },

    /**
     * Starts a rollout for each canary deployed with steps that has no running rollout yet (the deploy command
     * only writes the registry; the guard picks it up on its next turn), from the step the canary is at.
     */
    async adopt(): Promise<RolloutRow[]> {
      const started: RolloutRow[] = [];
      for (const app of (await deps.actions.rolloutCanaries?.()) ?? []) {
        const registry = await deps.actions.state(app);
        const steps = registry?.canary?.steps;
        if (!registry?.canary || !steps) continue;
        const running = await first<{ canary_version: string; stable_version: string }>(
          db,
          sql`SELECT canary_version, stable_version FROM rollouts WHERE app = ${app} AND status = 'running'`,
        );
        if (
          running?.canary_version === registry.canary.version &&
          running.stable_version === registry.current
        )
          continue;
        // A rollout that ended (stopped by a hand change) for this very canary and stable is not started again.
        const ended = await first<{ id: number }>(
          db,
          sql`SELECT id FROM rollouts WHERE app = ${app} AND canary_version = ${registry.canary.version}
                AND stable_version = ${registry.current} AND status <> 'running'`,
        );
        if (ended) continue;
        const at = steps.indexOf(registry.canary.weight);
        if (at < 0) continue;
        started.push(await guard.start(app, steps.slice(at)));
        deps.log.info(
          { app, version: registry.canary.version, steps },
          'canary rollout started by the guard',
        );
      }
      return started;
    },

    /** One turn of the guard over every running rollout. A rollout whose turn fails stays where it is. */
    async evaluate(now = new Date()): Promise<Record<string, string>> {
      const running = await rows<RolloutRow>(
        db,
        sql`SELECT * FROM rollouts WHERE status = 'running' ORDER BY id`,
      );
      const outcome: Record<string, string> = {};
      for (const r of running) {
        try {
          outcome[r.app] = await step(r, now);
        } catch (err) {
          if (err instanceof StaleTurn) {
            deps.log.info({ app: r.app }, 'canary guard: the rollout was decided by another turn');
            outcome[r.app] = 'stale';
            continue;
          }
          deps.log.error({ err, app: r.app }, 'canary guard failed: the rollout stays where it is');
          outcome[r.app] = 'failed';
        }
      }
      return outcome;
    },

    /** Running and recent rollouts with their decisions, newest first (back office, report). */
    async list(limit = 10) {
      const rollouts = await rows<RolloutRow>(
        db,
        sql`SELECT * FROM rollouts ORDER BY (status = 'running') DESC, started_at DESC LIMIT ${limit}`,
      );
      const ids = rollouts.map((r) => r.id);
      const decisions = ids.length
        ? await rows<{
            rollout_id: number;
            /** As `record` writes it. */
            action: 'advance' | 'promote' | 'rollback' | 'stop';
            weight_before: number;
            weight_after: number | null;
            reason: string;
            /** As `record` writes it: both arms, the metrics and `why`. */
            evidence: StaffRolloutDecision['evidence'];
            at: string;
          }>(
            db,
            sql`SELECT rollout_id, action, weight_before, weight_after, reason, evidence, at
              FROM rollout_decisions WHERE rollout_id IN (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )}) ORDER BY at`,
          )
        : [];
      return rollouts.map((r) => ({
        ...r,
        decisions: decisions.filter((d) => Number(d.rollout_id) === Number(r.id)),
      }));
    },
  };
  return guard;
}

export type CanaryGuard = ReturnType<typeof createCanaryGuard>;

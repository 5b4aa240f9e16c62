import { sql } from 'drizzle-orm';
import type { StaffRolloutDecision } from '@dating/shared/contract/staff';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { first, rows } from '../../db/sql';
import {
  decide,
  DEFAULT_GUARD_POLICY,
  nextWeight,
  type ArmCounts,
  type GuardDecision,
  type GuardPolicy,
} from './guard-rule';
import type { TelemetryService } from './telemetry';
import { LANDERS_APP } from './service';
import type { Registry } from '../sites';

/**
 * The canary guard (issue 31, docs/adr/0032-canary-guard.md): walks each running rollout through its steps, judging
 * canary against stable with the decision rule on what the browsers of both arms reported since the step began.
 * State and decisions live in the database (migration 0301); the job that calls `evaluate` runs on one node at a
 * time (the jobs' advisory lock), so several nodes never decide twice.
 *
 * The guard changes the registry only through `RolloutActions` (the sites domain's deploy commands): re-weight the
 * canary, promote it, or remove it. When anything fails, the rollout stays where it is: it never moves up without
 * evidence.
 */

export interface RegistryView {
  current: string;
  /** `steps`: the rollout the canary was deployed with (`npm run deploy -- <app> --canary 10 --steps …`). */
  canary: { version: string; weight: number; steps?: number[] } | null;
}

export interface RolloutActions {
  /** The app's registry entry now, or null when the app is not deployed. */
  state(app: string): Promise<RegistryView | null>;
  setWeight(app: string, version: string, weight: number): Promise<void>;
  promote(app: string): Promise<void>;
  /** Removes the canary: every visitor back on stable. */
  rollback(app: string): Promise<void>;
  /** Apps whose canary was deployed with rollout steps (optional: a guard without it only runs what `start` began). */
  rolloutCanaries?(): Promise<string[]>;
}

/**
 * RolloutActions on the sites domain's deploy registry (`app.services.registry`): read after a reload (another
 * node may have switched it), and every change is a deploy command in one transaction (ADR 0025). A re-weight
 * keeps the canary's steps, so the registry still says it is a rollout.
 */
export function registryRolloutActions(registry: Registry): RolloutActions {
  async function entry(app: string) {
    await registry.reload();
    return registry.state().apps[app] ?? null;
  }
  return {
    async state(app) {
      const e = await entry(app);
      return e ? { current: e.current, canary: e.canary ?? null } : null;
    },
    async setWeight(app, version, weight) {
      const e = await entry(app);
      const steps = e?.canary?.version === version ? e.canary.steps : undefined;
      await registry.apply({ action: 'canary', app, version, weight, ...(steps ? { steps } : {}) });
    },
    async promote(app) {
      await registry.apply({ action: 'promote', app });
    },
    async rollback(app) {
      // With a canary running, a rollback removes only the canary (state.ts): stable stays as it is.
      const e = await entry(app);
      if (!e?.canary) throw new Error(`${app} has no canary to roll back`);
      await registry.apply({ action: 'rollback', app });
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

export interface GuardDeps {
  telemetry: TelemetryService;
  actions: RolloutActions;
  log: FastifyBaseLogger;
  policy?: Partial<GuardPolicy>;
  /** Called with each decision that changed the registry (metrics). */
  onDecision?: (app: string, action: GuardDecision['action']) => void;
}

/** LCP values are summarised for the record: the samples themselves stay in the telemetry tables. */
type ArmEvidence = ReturnType<typeof evidence>;
function evidence(arm: ArmCounts) {
  const { lcp, ...rest } = arm;
  const sorted = [...lcp].sort((a, b) => a - b);
  const p75 = sorted[Math.ceil(0.75 * sorted.length) - 1] ?? null;
  return { ...rest, lcp_samples: lcp.length, lcp_p75: p75 };
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

  async function end(r: RolloutRow, status: RolloutRow['status']) {
    await db.execute(sql`UPDATE rollouts SET status = ${status}, ended_at = now()
      WHERE id = ${r.id} AND status = 'running'`);
  }

  async function record(
    r: RolloutRow,
    action: 'advance' | 'promote' | 'rollback' | 'stop',
    weightAfter: number | null,
    reason: string,
    facts: object,
  ) {
    await db.execute(sql`INSERT INTO rollout_decisions
        (rollout_id, action, weight_before, weight_after, reason, evidence)
      VALUES (${r.id}, ${action}, ${r.weight}, ${weightAfter}, ${reason}, ${JSON.stringify(facts)}::jsonb)`);
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
      await record(r, 'stop', null, 'the registry was changed by hand', {
        registry,
        why: { code: 'by_hand' },
      });
      await end(r, 'stopped');
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
      })}::jsonb WHERE id = ${r.id}`,
    );
    if (decision.action === 'wait') return 'wait';

    // Record before acting: a decision whose action then fails is still on file, and the rollout stays put.
    if (decision.action === 'rollback') {
      await record(r, 'rollback', 0, decision.reason, facts);
      await deps.actions.rollback(r.app);
      await end(r, 'rolled_back');
      deps.log.warn(
        { app: r.app, version: r.canary_version, reason: decision.reason },
        'canary rolled back by the guard',
      );
    } else if (decision.action === 'promote') {
      await record(r, 'promote', 100, decision.reason, facts);
      await deps.actions.promote(r.app);
      await end(r, 'promoted');
      deps.log.info({ app: r.app, version: r.canary_version }, 'canary promoted by the guard');
    } else {
      const weight = nextWeight(r)!;
      await record(r, 'advance', weight, decision.reason, facts);
      await deps.actions.setWeight(r.app, r.canary_version, weight);
      await db.execute(sql`UPDATE rollouts SET weight = ${weight}, step_started_at = ${now.toISOString()}
        WHERE id = ${r.id} AND status = 'running'`);
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

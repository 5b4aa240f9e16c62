import type { FastifyPluginAsync } from 'fastify';

/** Guard outcomes that changed the registry (counted in /metrics). */
const CHANGED = new Set(['advance', 'promote', 'rollback']);

/**
 * The canary guard's turn (docs/adr/0032-canary-guard.md): every CANARY_GUARD_INTERVAL_MS, on one node at a time
 * (the job lock of `app.ops.jobs`, ADR 0026), it starts a rollout for each canary deployed with steps, then judges
 * every running rollout. Decisions that changed the registry are counted by app and action in /metrics.
 */
export const canaryGuardJob: FastifyPluginAsync = async (app) => {
  const guard = app.services.guard;
  app.ops.jobs.every('canary guard', app.config.canary.intervalMs, async () => {
    await guard.adopt();
    const outcome = await guard.evaluate();
    for (const [name, action] of Object.entries(outcome)) {
      if (CHANGED.has(action)) app.ops.metrics.guardDecision(name, action);
    }
  });
};

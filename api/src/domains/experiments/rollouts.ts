import type { CanaryGuard } from './guard';
import { resolveStack } from './stack-resolver';
import type { TelemetryService } from './telemetry';

/**
 * Running and recent rollouts for staff (`GET /api/staff/rollouts`) and `npm run experiment-report`: each rollout
 * with its arms, weights, last evaluation (views, errors, load failures, LCP p75, conversion) and every decision
 * with its reason, plus the canary's top errors with stacks mapped to source. The source maps are read from the
 * version's files in storage (the public file route never serves them, docs/adr/0032-canary-guard.md).
 */
export async function rolloutsReport(
  deps: {
    guard: CanaryGuard;
    telemetry: TelemetryService;
    readFile: (app: string, version: string, file: string) => Promise<Buffer | null>;
  },
  limit = 10,
) {
  const list = await deps.guard.list(limit);
  const loadMap = async (app: string, version: string, file: string) =>
    (await deps.readFile(app, version, file))?.toString('utf8') ?? null;
  return Promise.all(
    list.map(async (r) => ({
      ...r,
      id: Number(r.id),
      topErrors: await Promise.all(
        (await deps.telemetry.topErrors(r.app, r.canary_version, 5)).map(async (e) => ({
          ...e,
          count: Number(e.count),
          frames: await resolveStack(e.stack, loadMap),
        })),
      ),
    })),
  );
}
export type RolloutsReport = Awaited<ReturnType<typeof rolloutsReport>>;

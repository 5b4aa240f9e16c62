// The experiments domain: which version of a remote each visitor gets while a canary runs, the lander pages they
// see, the report of conversions per version and per lander (docs/adr/0012-experiments.md), and what the browsers
// of each version report (client telemetry) for the canary guard (docs/adr/0032-canary-guard.md).
import type { DomainModule } from '../../lib/domain-module';
import { canaryGuardJob } from './jobs';
import { experimentsRoute } from './routes/experiments';
import { telemetryRoute } from './routes/telemetry';
export { experimentsRoute } from './routes/experiments';
export { telemetryRoute } from './routes/telemetry';
export { createTelemetryService, type TelemetryService } from './telemetry';
export { createViewTokens, type ViewTokens } from './view-token';
export { createCanaryGuard, registryRolloutActions, RolloutRefused, type CanaryGuard } from './guard';
export { canaryGuardJob } from './jobs';
export { rolloutsReport, type RolloutsReport } from './rollouts';
export { decide, DEFAULT_GUARD_POLICY, type GuardDecision } from './guard-rule';
export { guardPolicy } from './config';
export { createExperimentsService, LANDERS_APP, type ExperimentsService } from './service';
export { EXPERIMENT_COOKIE, EXPERIMENT_COOKIE_MAX_AGE_S } from './assignment';
export { wilsonInterval } from './wilson';

/** The experiments' routes and the canary guard's job, for the composition root (api/src/app/routes.ts). */
export const experimentsDomain: DomainModule = {
  name: 'experiments',
  routes: [experimentsRoute, telemetryRoute, canaryGuardJob],
};

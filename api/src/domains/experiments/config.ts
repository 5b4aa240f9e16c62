// The canary guard's policy, read from the one configuration's environment (the configuration names no domain:
// ADR 0038). A wrong value stops the start with a ConfigError, as every other setting does.
import { ConfigError, nonNegativeInt, type AppConfig } from '../../config';
import { GUARD_METRICS, type GuardMetricName, type GuardPolicy } from './guard-rule';

/**
 * An identical canary is rolled back in at most CANARY_FALSE_ALARM_RATE of rollouts (0.05); a canary moves up only
 * on evidence that no metric of CANARY_METRICS is worse than CANARY_REGRESSION (1: twice stable's rate) or, for
 * rates near 0, CANARY_REGRESSION_MIN (0.002 of views), and after CANARY_MIN_STEP_SECONDS (300) at a step.
 * A policy given in `config.domains.experiments` (tests) is taken as it is.
 */
export function guardPolicy(config: Pick<AppConfig, 'env' | 'domains'>): GuardPolicy {
  const given = config.domains.experiments as { policy?: GuardPolicy } | undefined;
  if (given?.policy) return given.policy;
  const env = config.env;
  return {
    falseAlarmRate: share(env, 'CANARY_FALSE_ALARM_RATE', 0.05, 0.5),
    regression: share(env, 'CANARY_REGRESSION', 1, 100),
    regressionMin: share(env, 'CANARY_REGRESSION_MIN', 0.002, 1),
    minStepMs: nonNegativeInt(env.CANARY_MIN_STEP_SECONDS, 300) * 1000,
    metrics: guardMetrics(env.CANARY_METRICS),
  };
}

/** A number above 0 and at most `max` (a rate or a margin of the canary guard); anything else is refused. */
function share(env: AppConfig['env'], name: string, fallback: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > max) {
    throw new ConfigError(`${name} must be a number above 0 and at most ${max}, not "${value}"`);
  }
  return n;
}

/** CANARY_METRICS: a comma-separated subset of the guard's metrics (default all). */
function guardMetrics(value: string | undefined): GuardMetricName[] {
  if (!value?.trim()) return [...GUARD_METRICS];
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !GUARD_METRICS.includes(name as GuardMetricName));
  if (unknown.length || !names.length) {
    throw new ConfigError(
      `CANARY_METRICS: unknown ${unknown.join(', ')} (known: ${GUARD_METRICS.join(', ')})`,
    );
  }
  return names as GuardMetricName[];
}

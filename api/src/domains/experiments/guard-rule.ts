import { wilsonInterval, Z95 } from './wilson';

/**
 * The canary guard's decision rule: one rollout step, stable against canary, judged on what the browsers of both arms
 * reported (client telemetry) and, for landers, on signups. Pure: counts in, a decision and its reasons out, so the
 * rule is tested with fixed numbers and every decision can be stored with the numbers it was made on.
 *
 * Every comparison is a test that stays honest for small samples:
 * - rates (errors per page view, remote-load failures per page view, signups per visit) by Wilson 95 % intervals:
 *   an arm is *significantly worse* only when the intervals do not overlap, which is conservative (a real 95 % test
 *   of the difference would call it earlier), so a noisy handful of views never rolls a good version back;
 * - LCP by a quantile test: if the canary were as fast as stable, a quarter of its LCP samples would lie above
 *   stable's 75th percentile. When the Wilson interval of the canary's share above that line lies wholly above
 *   25 % + `lcpShareMargin`, the canary is significantly slower.
 *
 * A significantly worse canary is rolled back at once, whatever the step's minimum of views or time. Moving up a
 * step (or promoting at 100 %) needs evidence: both arms past the minimum page views and the step past its minimum
 * duration, and no metric worse. Everything else waits; an error in the guard itself leaves the rollout where it is.
 */

export interface ArmCounts {
  /** Page views that reported (each view counts once, however many events it sent). */
  pageViews: number;
  /** Page views with at least one uncaught error, rejected promise or error-boundary fallback. */
  errorViews: number;
  /** Page views where a remote entry or a chunk of this app failed to load. */
  loadFailureViews: number;
  /** LCP samples in milliseconds (the server keeps a bounded sample per arm). */
  lcp: readonly number[];
  /** Landers only: visits and signups of the arm (the experiment report's numbers). */
  visits?: number;
  signups?: number;
}

export interface GuardPolicy {
  /** Page views each arm needs before a step may be left upwards. */
  minPageViews: number;
  /** Time a step must run before it may be left upwards. */
  minStepMs: number;
  /** LCP samples each arm needs before LCP is judged. */
  minLcpSamples: number;
  /** Extra share above 25 % that the canary's LCP samples above stable's p75 must exceed to count as slower. */
  lcpShareMargin: number;
  /** Visits each arm needs before signup conversion is judged (landers only). */
  minVisits: number;
}

export const DEFAULT_GUARD_POLICY: GuardPolicy = {
  minPageViews: 200,
  minStepMs: 5 * 60_000,
  minLcpSamples: 50,
  lcpShareMargin: 0.05,
  minVisits: 200,
};

export type GuardAction = 'rollback' | 'advance' | 'promote' | 'wait';

export interface GuardMetric {
  name: 'errors' | 'load_failures' | 'lcp' | 'signups';
  stable: number;
  canary: number;
  verdict: 'worse' | 'same' | 'better' | 'too_few';
}

/**
 * The reason as data, for pages that tell it in the reader's language (the back office): `worse` names the metrics,
 * `too_few_views` the views per arm and the minimum, `step_time` the seconds left, `too_few_visits` the minimum,
 * `advance` the weights.
 */
export type GuardReason =
  | { code: 'worse'; metrics: GuardMetric['name'][] }
  | { code: 'too_few_views'; views: number; min: number }
  | { code: 'step_time'; seconds: number }
  | { code: 'too_few_visits'; min: number }
  | { code: 'promote' }
  | { code: 'advance'; from: number; to: number };

export interface GuardDecision {
  action: GuardAction;
  /** A one-line reason for people (CLI, log); `why` says the same as data. */
  reason: string;
  why: GuardReason;
  metrics: GuardMetric[];
}

interface Rate {
  value: number;
  low: number;
  high: number;
}

/** An arm without a single view says nothing: its interval is all of 0–1 (never worse, never better). */
function rate(k: number, n: number): Rate {
  if (n <= 0) return { value: 0, low: 0, high: 1 };
  return { value: k / n, ...wilsonInterval(Math.min(k, n), n, Z95) };
}

/** Worse when a higher rate is bad (errors) and the canary's interval lies wholly above stable's. */
function compareBadRate(stable: Rate, canary: Rate): GuardMetric['verdict'] {
  if (canary.low > stable.high) return 'worse';
  if (canary.high < stable.low) return 'better';
  return 'same';
}

/** The q-quantile of a sample (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

function judgeLcp(stable: readonly number[], canary: readonly number[], policy: GuardPolicy): GuardMetric {
  const metric = { name: 'lcp' as const, stable: quantile(stable, 0.75), canary: quantile(canary, 0.75) };
  if (stable.length < policy.minLcpSamples || canary.length < policy.minLcpSamples) {
    return { ...metric, verdict: 'too_few' };
  }
  const above = canary.filter((ms) => ms > metric.stable).length;
  const share = rate(above, canary.length);
  if (share.low > 0.25 + policy.lcpShareMargin) return { ...metric, verdict: 'worse' };
  const belowLine = quantile(stable, 0.25);
  const fast = rate(canary.filter((ms) => ms < belowLine).length, canary.length);
  if (fast.low > 0.25 + policy.lcpShareMargin) return { ...metric, verdict: 'better' };
  return { ...metric, verdict: 'same' };
}

export interface StepState {
  /** The weight (percent of visitors) the canary has now. */
  weight: number;
  /** The planned weights, ascending, ending at 100. */
  steps: readonly number[];
  /** How long the current step has run. */
  stepAgeMs: number;
  /** Judge signups too (mf-landers). */
  conversion: boolean;
}

export function decide(
  stable: ArmCounts,
  canary: ArmCounts,
  state: StepState,
  policy: GuardPolicy = DEFAULT_GUARD_POLICY,
): GuardDecision {
  const metrics: GuardMetric[] = [];
  const errorsS = rate(stable.errorViews, stable.pageViews);
  const errorsC = rate(canary.errorViews, canary.pageViews);
  metrics.push({
    name: 'errors',
    stable: errorsS.value,
    canary: errorsC.value,
    verdict: compareBadRate(errorsS, errorsC),
  });
  const loadS = rate(stable.loadFailureViews, stable.pageViews);
  const loadC = rate(canary.loadFailureViews, canary.pageViews);
  metrics.push({
    name: 'load_failures',
    stable: loadS.value,
    canary: loadC.value,
    verdict: compareBadRate(loadS, loadC),
  });
  metrics.push(judgeLcp(stable.lcp, canary.lcp, policy));
  if (state.conversion) {
    const visitsS = stable.visits ?? 0;
    const visitsC = canary.visits ?? 0;
    const signS = rate(stable.signups ?? 0, visitsS);
    const signC = rate(canary.signups ?? 0, visitsC);
    const enough = visitsS >= policy.minVisits && visitsC >= policy.minVisits;
    // Fewer signups is worse: compare with the roles swapped.
    const verdict = !enough ? 'too_few' : compareBadRate(signC, signS);
    metrics.push({ name: 'signups', stable: signS.value, canary: signC.value, verdict });
  }

  const worse = metrics.filter((m) => m.verdict === 'worse');
  if (worse.length) {
    const names = worse.map((m) => m.name).join(', ');
    return {
      action: 'rollback',
      reason: `canary significantly worse on ${names}`,
      why: { code: 'worse', metrics: worse.map((m) => m.name) },
      metrics,
    };
  }

  const views = Math.min(stable.pageViews, canary.pageViews);
  if (views < policy.minPageViews) {
    return {
      action: 'wait',
      reason: `too few page views (${views} of ${policy.minPageViews} per arm)`,
      why: { code: 'too_few_views', views, min: policy.minPageViews },
      metrics,
    };
  }
  if (state.stepAgeMs < policy.minStepMs) {
    const seconds = Math.ceil((policy.minStepMs - state.stepAgeMs) / 1000);
    return {
      action: 'wait',
      reason: `step runs ${seconds} s more before it may be left`,
      why: { code: 'step_time', seconds },
      metrics,
    };
  }
  if (state.conversion && metrics.some((m) => m.name === 'signups' && m.verdict === 'too_few')) {
    return {
      action: 'wait',
      reason: `too few visits to judge signups (${policy.minVisits} per arm needed)`,
      why: { code: 'too_few_visits', min: policy.minVisits },
      metrics,
    };
  }
  const next = state.steps.find((w) => w > state.weight);
  if (next === undefined || next >= 100) {
    return {
      action: 'promote',
      reason: 'no metric worse at the last step: promoted to every visitor',
      why: { code: 'promote' },
      metrics,
    };
  }
  return {
    action: 'advance',
    reason: `no metric worse: weight ${state.weight} → ${next} %`,
    why: { code: 'advance', from: state.weight, to: next },
    metrics,
  };
}

/** The weight after an `advance`, or null when the plan has no higher step below 100. */
export function nextWeight(state: Pick<StepState, 'weight' | 'steps'>): number | null {
  const next = state.steps.find((w) => w > state.weight);
  return next === undefined || next >= 100 ? null : next;
}

/** Parses `--steps 10,25,50,100`: ascending whole percentages from 1 to 100, ending at 100. */
export function parseSteps(text: string): number[] | null {
  const steps = text.split(',').map((s) => Number(s.trim()));
  const valid =
    steps.length > 0 &&
    steps.every((w, i) => Number.isInteger(w) && w >= 1 && w <= 100 && (i === 0 || w > steps[i - 1]!)) &&
    steps[steps.length - 1] === 100;
  return valid ? steps : null;
}

/**
 * The canary guard's decision rule: one rollout step, stable against canary, judged on what the browsers of both arms
 * reported (client telemetry) and, for landers, on signups. Pure: counts in, a decision and its reasons out, so the
 * rule is tested with fixed numbers, simulated (tools/bench/guard-sim.mjs), and every decision is stored with the
 * numbers it was made on. docs/adr/0032-canary-guard.md, "The decision rule".
 *
 * Every metric is a share of one arm's views (or samples) with a bad outcome: views with an error, views with a
 * remote-load failure, LCP and INP samples above stable's 75th percentile (quantile exceedance), and for landers
 * visits that signed up (there fewer is worse). Each is judged by two always-valid sequential tests, e-processes that
 * may be looked at after every view without raising their error rate (Ville's inequality):
 * - *worse*: the evidence against "the canary is not worse" (p_c ≤ p_s) reaches 1/α_i: the canary is rolled back;
 * - *within the margin*: the evidence against "the canary is worse by at least the margin"
 *   (p_c ≥ p_s + max(r·p_s, d)) reaches 1/α_i: this metric lets the canary move up.
 * The evidence is a likelihood ratio with a Beta(½, ½) mixture over each arm's rate in the numerator and the
 * likelihood maximised over the null in the denominator: under any point of the null it is bounded by a nonnegative
 * martingale of mean 1, so it reaches 1/α_i with probability at most α_i however often the guard looks (Robbins'
 * mixture; Johari et al. 2017 mSPRT; Howard et al. 2021; Wasserman, Ramdas & Balakrishnan 2020).
 * α_i is the false-alarm rate of a whole rollout split evenly over its steps and the metrics judged (a union bound),
 * so an identical canary is rolled back in at most that share of rollouts.
 *
 * A canary is rolled back as soon as one metric is worse. It moves up a step (or is promoted at 100 %) only when
 * every judged metric is shown within the margin and the step ran its minimum time; a metric without enough data is
 * undecided and keeps the canary where it is: never promoted for lack of data. An error in the guard itself leaves
 * the rollout where it is.
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
  /** INP samples in milliseconds (only views with an interaction have one); none read counts as none reported. */
  inp?: readonly number[];
  /** Landers only: visits and signups of the arm (the experiment report's numbers). */
  visits?: number;
  signups?: number;
}

export type GuardMetricName = 'errors' | 'load_failures' | 'lcp' | 'inp' | 'signups';
export const GUARD_METRICS: readonly GuardMetricName[] = ['errors', 'load_failures', 'lcp', 'inp', 'signups'];

export interface GuardPolicy {
  /** The share of rollouts of an identical canary that may be rolled back (CANARY_FALSE_ALARM_RATE). */
  falseAlarmRate: number;
  /**
   * The smallest regression worth catching, relative (CANARY_REGRESSION): 1 means a bad-outcome rate twice
   * stable's (for signups: stable's rate twice the canary's). A canary moves up only on evidence that it is not
   * worse than that.
   */
  regression: number;
  /** The same as an absolute share (CANARY_REGRESSION_MIN), the floor for rates near 0 (load failures). */
  regressionMin: number;
  /** Time a step must run before it may be left upwards. */
  minStepMs: number;
  /** The metrics judged (signups only for mf-landers); each must be shown within the margin to move up. */
  metrics: readonly GuardMetricName[];
}

export const DEFAULT_GUARD_POLICY: GuardPolicy = {
  falseAlarmRate: 0.05,
  regression: 1,
  regressionMin: 0.002,
  minStepMs: 5 * 60_000,
  metrics: GUARD_METRICS,
};

export type GuardAction = 'rollback' | 'advance' | 'promote' | 'wait';

export interface GuardMetric {
  name: GuardMetricName;
  /** Rates 0–1 (errors, load failures, signups); the 75th percentile in ms (LCP, INP). */
  stable: number;
  canary: number;
  /** `worse`: rolled back on it; `same`: shown within the margin; `too_few`: not decided yet. */
  verdict: 'worse' | 'same' | 'better' | 'too_few';
}

/**
 * The reason as data, for pages that tell it in the reader's language (the back office): `worse` names the metrics,
 * `undecided` the metrics not yet shown within the margin, `step_time` the seconds left, `advance` the weights.
 * `too_few_views` and `too_few_visits` are the earlier rule's, kept for decisions recorded by it.
 */
export type GuardReason =
  | { code: 'worse'; metrics: GuardMetricName[] }
  | { code: 'undecided'; metrics: GuardMetricName[] }
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

// ---- The evidence ----

/** ln Γ(x) for x > 0 (Lanczos, g = 7: 15 significant digits). */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < 9; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}
const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** Beta(½, ½) (Jeffreys) mixing distribution over each arm's rate. */
const PRIOR = 0.5;

/** A share: `bad` of `n` views (or samples) had the bad outcome. Counts may be fractional (visitor-weighted). */
export interface Share {
  bad: number;
  n: number;
}

/** ln of the arm's likelihood at rate p (0·ln 0 = 0). */
function logLik({ bad, n }: Share, p: number): number {
  const good = n - bad;
  return (bad > 0 ? bad * Math.log(p) : 0) + (good > 0 ? good * Math.log(1 - p) : 0);
}

/** ln of the arm's likelihood mixed over Beta(½, ½): the numerator of the evidence. */
function logMixture({ bad, n }: Share): number {
  return logBeta(PRIOR + bad, PRIOR + n - bad) - logBeta(PRIOR, PRIOR);
}

/** Maximum of a concave function on [lo, hi] (golden-section search). */
function maxConcave(f: (x: number) => number, lo: number, hi: number): number {
  if (!(hi > lo)) return f(lo);
  const g = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = f(c);
  let fd = f(d);
  for (let i = 0; i < 60 && b - a > 1e-12; i++) {
    if (fc >= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = f(d);
    }
  }
  return Math.max(fc, fd, f(lo), f(hi));
}

/**
 * ln of the evidence against "the high arm's rate is at most its margin above the low arm's", p_h ≤ p_l + m(p_l)
 * with m(p) = max(r·p, d) (r = d = 0: "not higher"), or with `atLeast` against p_h ≥ p_l + m(p_l). The likelihood
 * is concave in both rates and either null is a convex set, so when the arms' own rates lie outside it, its best
 * point lies on the line p_h = p_l + m(p_l), a maximum along one variable.
 */
export function logEvidence(low: Share, high: Share, r: number, d: number, atLeast: boolean): number {
  const pl = low.n > 0 ? low.bad / low.n : 0;
  const ph = high.n > 0 ? high.bad / high.n : 0;
  const line = (p: number) => p + Math.max(r * p, d);
  const inNull = atLeast ? ph >= line(pl) : ph <= line(pl);
  // The arms' own rates are in the null: the mixture never beats the maximum likelihood there.
  if (inNull || low.n + high.n === 0)
    return Math.min(0, logMixture(low) + logMixture(high) - logLik(low, pl) - logLik(high, ph));
  const along = (p: number) => logLik(low, p) + logLik(high, Math.min(1, line(p)));
  // The line bends at r·p = d; each piece is a straight line, on which the likelihood is concave.
  const bend = r > 0 ? d / r : Infinity;
  // Where the line leaves the square: on its first piece (p + d = 1) or on its second ((1 + r)·p = 1).
  const end = bend + d >= 1 ? 1 - d : 1 / (1 + r);
  const best =
    bend < end
      ? Math.max(maxConcave(along, 0, bend), maxConcave(along, bend, end))
      : maxConcave(along, 0, Math.max(0, end));
  return logMixture(low) + logMixture(high) - best;
}

/** The q-quantile of a sample (nearest rank). */
export function quantile(values: readonly number[] | Float64Array, q: number): number {
  if (values.length === 0) return 0;
  return nearestRank(ascending(values), q);
}

/** The values in ascending order, in a typed array (copied in one go; sorted only when they are not already). */
function ascending(values: readonly number[] | Float64Array): Float64Array {
  const out = new Float64Array(values.length);
  out.set(values);
  for (let i = 1; i < out.length; i++) {
    if (out[i]! < out[i - 1]!) return out.sort();
  }
  return out;
}

function nearestRank(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Quantile exceedance: the samples of each arm above stable's 75th percentile, as shares; and both p75. */
function exceedance(stable: readonly number[], canary: readonly number[]) {
  const s = ascending(stable);
  const c = ascending(canary);
  const line = nearestRank(s, 0.75);
  // Sorted: the samples above the line are those after the last one at or below it.
  const above = (sorted: Float64Array) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! > line) hi = mid;
      else lo = mid + 1;
    }
    return sorted.length - lo;
  };
  return {
    stable: { bad: above(s), n: s.length },
    canary: { bad: above(c), n: c.length },
    p75: [line, nearestRank(c, 0.75)] as [number, number],
  };
}

export interface StepState {
  /** The weight (percent of visitors) the canary has now. */
  weight: number;
  /** The planned weights, ascending, ending at 100 (the rollout's, from its first step). */
  steps: readonly number[];
  /** How long the current step has run. */
  stepAgeMs: number;
  /** Judge signups too (mf-landers). */
  conversion: boolean;
}

/** The metrics judged in this rollout: the policy's, signups only with `conversion`. */
export function judgedMetrics(policy: GuardPolicy, conversion: boolean): GuardMetricName[] {
  return policy.metrics.filter((m) => m !== 'signups' || conversion);
}

/** ln(1/α_i): the evidence a test needs, the rollout's rate split over its steps and its metrics. */
export function evidenceNeeded(policy: GuardPolicy, steps: number, metrics: number): number {
  return Math.log((Math.max(1, steps) * Math.max(1, metrics)) / policy.falseAlarmRate);
}

export interface MetricJudgement {
  /** ln of the evidence that the canary is worse, and that it is within the margin. */
  worse: number;
  within: number;
  verdict: GuardMetric['verdict'];
}

/** One metric: `low` is the arm expected to have the lower bad rate when the canary is fine. */
export function judge(low: Share, high: Share, policy: GuardPolicy, needed: number): MetricJudgement {
  const worse = logEvidence(low, high, 0, 0, false);
  const within = logEvidence(low, high, policy.regression, policy.regressionMin, true);
  const verdict = worse >= needed ? 'worse' : within >= needed ? 'same' : 'too_few';
  return { worse, within, verdict };
}

export function decide(
  stable: ArmCounts,
  canary: ArmCounts,
  state: StepState,
  policy: GuardPolicy = DEFAULT_GUARD_POLICY,
): GuardDecision {
  const names = judgedMetrics(policy, state.conversion);
  const needed = evidenceNeeded(policy, state.steps.length, names.length);
  const rate = (s: Share) => (s.n > 0 ? s.bad / s.n : 0);
  const metrics: GuardMetric[] = names.map((name) => {
    let s: Share;
    let c: Share;
    let shown: [number, number];
    if (name === 'errors' || name === 'load_failures') {
      const key = name === 'errors' ? 'errorViews' : 'loadFailureViews';
      s = { bad: Math.min(stable[key], stable.pageViews), n: stable.pageViews };
      c = { bad: Math.min(canary[key], canary.pageViews), n: canary.pageViews };
      shown = [rate(s), rate(c)];
    } else if (name === 'signups') {
      s = { bad: Math.min(stable.signups ?? 0, stable.visits ?? 0), n: stable.visits ?? 0 };
      c = { bad: Math.min(canary.signups ?? 0, canary.visits ?? 0), n: canary.visits ?? 0 };
      shown = [rate(s), rate(c)];
      // Fewer signups is worse: the canary is the arm expected lower.
      const { verdict } = judge(c, s, policy, needed);
      return { name, stable: shown[0], canary: shown[1], verdict };
    } else {
      const sv = stable[name] ?? [];
      const cv = canary[name] ?? [];
      ({ stable: s, canary: c, p75: shown } = exceedance(sv, cv));
    }
    const { verdict } = judge(s, c, policy, needed);
    return { name, stable: shown[0], canary: shown[1], verdict };
  });

  const worse = metrics.filter((m) => m.verdict === 'worse');
  if (worse.length) {
    const list = worse.map((m) => m.name).join(', ');
    return {
      action: 'rollback',
      reason: `canary worse on ${list}`,
      why: { code: 'worse', metrics: worse.map((m) => m.name) },
      metrics,
    };
  }
  const open = metrics.filter((m) => m.verdict === 'too_few');
  if (open.length) {
    const list = open.map((m) => m.name).join(', ');
    return {
      action: 'wait',
      reason: `not yet shown within the margin: ${list}`,
      why: { code: 'undecided', metrics: open.map((m) => m.name) },
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
  const next = state.steps.find((w) => w > state.weight);
  if (next === undefined || next >= 100) {
    return {
      action: 'promote',
      reason: 'every metric within the margin at the last step: promoted to every visitor',
      why: { code: 'promote' },
      metrics,
    };
  }
  return {
    action: 'advance',
    reason: `every metric within the margin: weight ${state.weight} → ${next} %`,
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

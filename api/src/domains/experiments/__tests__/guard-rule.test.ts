import {
  decide,
  DEFAULT_GUARD_POLICY,
  evidenceNeeded,
  logEvidence,
  nextWeight,
  parseSteps,
  quantile,
  type ArmCounts,
  type GuardPolicy,
} from '../guard-rule';

const MIN = DEFAULT_GUARD_POLICY.minStepMs;
const STEPS = [10, 25, 50, 100];
const step = (weight: number, stepAgeMs = MIN, conversion = false) => ({
  weight,
  steps: STEPS,
  stepAgeMs,
  conversion,
});
/** Errors and load failures only: the vitals are judged in their own tests. */
const RATES: GuardPolicy = { ...DEFAULT_GUARD_POLICY, metrics: ['errors', 'load_failures'] };

/** Samples spread evenly from `from` to `to` milliseconds. */
function spread(n: number, from: number, to: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.round(from + ((to - from) * i) / Math.max(1, n - 1)));
}

function arm(pageViews: number, errorViews = 0, extra: Partial<ArmCounts> = {}): ArmCounts {
  return { pageViews, errorViews, loadFailureViews: 0, lcp: [], inp: [], ...extra };
}
const verdict = (d: ReturnType<typeof decide>, name: string) =>
  d.metrics.find((m) => m.name === name)?.verdict;

describe('canary guard decision rule', () => {
  test('a canary whose every view fails is rolled back within 10 of its views, even against a stable arm as small', () => {
    // Equal arms (a 50 % step) at the default rate and four metrics over four steps: 7 views each decide.
    const policy = { ...DEFAULT_GUARD_POLICY, metrics: ['errors', 'load_failures', 'lcp', 'inp'] as const };
    const failing = (n: number) => arm(n, n, { loadFailureViews: n });
    expect(decide(arm(6), failing(6), step(50, 0), policy).action).toBe('wait');
    const d = decide(arm(7), failing(7), step(50, 0), policy);
    expect(d.action).toBe('rollback');
    expect(d.why).toEqual({ code: 'worse', metrics: ['errors', 'load_failures'] });
    // Against a stable arm with many views at 1 % errors, three failing canary views are enough.
    expect(decide(arm(2000, 20), arm(3, 3), step(10, 0), RATES).action).toBe('rollback');
    expect(decide(arm(2000, 20), arm(2, 2), step(10, 0), RATES).action).toBe('wait');
  });

  test('a canary at ten times stable’s error rate is rolled back; at the same rate it is not', () => {
    const d = decide(arm(5000, 50), arm(300, 30), step(10, 0), RATES);
    expect(d.action).toBe('rollback');
    expect(d.reason).toContain('errors');
    expect(d.metrics.find((m) => m.name === 'errors')).toMatchObject({ verdict: 'worse', canary: 0.1 });
    expect(decide(arm(5000, 50), arm(300, 3), step(10, 0), RATES).action).not.toBe('rollback');
  });

  test('a remote entry that fails to load is rolled back on load failures', () => {
    const d = decide(arm(500), arm(30, 0, { loadFailureViews: 30 }), step(10, 0), RATES);
    expect(d.action).toBe('rollback');
    expect(d.why).toEqual({ code: 'worse', metrics: ['load_failures'] });
  });

  test('no promotion for lack of data: a canary without a bad view waits until it is shown within the margin', () => {
    // No errors on either arm, but 100 views cannot show the canary's rate below twice stable's (or 0.2 %).
    const early = decide(arm(900), arm(100), step(50), RATES);
    expect(early.action).toBe('wait');
    expect(early.why).toEqual({ code: 'undecided', metrics: ['errors', 'load_failures'] });
    expect(verdict(early, 'errors')).toBe('too_few');
    // Without a bad view, about 8,000 canary views show its rate below 0.2 % (the floor of the margin): 25 → 50.
    expect(decide(arm(60_000), arm(6_000), step(25), RATES).action).toBe('wait');
    const later = decide(arm(60_000), arm(20_000), step(25), RATES);
    expect(later.action).toBe('advance');
    expect(later.why).toEqual({ code: 'advance', from: 25, to: 50 });
    expect(verdict(later, 'errors')).toBe('same');
    expect(decide(arm(60_000), arm(20_000), step(50), RATES)).toMatchObject({ action: 'promote' });
    // An arm that reported nothing proves nothing, in either direction.
    expect(decide(arm(0), arm(1, 1, { loadFailureViews: 1 }), step(50, 0), RATES).action).toBe('wait');
    expect(decide(arm(10, 10), arm(0), step(50), RATES).action).toBe('wait');
  });

  test('a canary at stable’s rate is shown within the margin; one at the margin never is, and is caught', () => {
    // 1 % errors on both arms: within the margin (2× stable's rate) once the canary has enough views.
    expect(verdict(decide(arm(60_000, 600), arm(12_000, 120), step(25), RATES), 'errors')).toBe('same');
    // Twice stable's rate is the margin: never shown within it, and with enough views shown worse.
    const twice = decide(arm(60_000, 600), arm(12_000, 240), step(25), RATES);
    expect(verdict(twice, 'errors')).toBe('worse');
    expect(twice.action).toBe('rollback');
  });

  test('a step younger than its minimum waits even when every metric is within the margin', () => {
    const d = decide(arm(60_000), arm(20_000), step(10, MIN - 30_000), RATES);
    expect(d).toMatchObject({ action: 'wait', why: { code: 'step_time', seconds: 30 } });
  });

  test('LCP and INP by quantile exceedance: a slower canary is rolled back, one as fast moves up', () => {
    const policy: GuardPolicy = { ...DEFAULT_GUARD_POLICY, metrics: ['lcp', 'inp'] };
    const fast = { lcp: spread(400, 800, 2000), inp: spread(400, 40, 200) };
    // Every canary LCP sample above stable's p75 (1699 ms).
    const slow = decide(
      arm(600, 0, fast),
      arm(300, 0, { ...fast, lcp: spread(200, 1800, 3500) }),
      step(10),
      policy,
    );
    expect(slow.action).toBe('rollback');
    expect(slow.why).toEqual({ code: 'worse', metrics: ['lcp'] });
    expect(slow.metrics.find((m) => m.name === 'lcp')).toMatchObject({ stable: 1699, verdict: 'worse' });
    const same = decide(arm(600, 0, fast), arm(300, 0, fast), step(10), policy);
    expect(same.action).toBe('advance');
    expect(verdict(same, 'inp')).toBe('same');
    // No INP samples (nobody interacted): not shown within the margin, so the canary waits.
    const none = decide(
      arm(600, 0, { ...fast, inp: [] }),
      arm(300, 0, { ...fast, inp: [] }),
      step(10),
      policy,
    );
    expect(none).toMatchObject({ action: 'wait', why: { code: 'undecided', metrics: ['inp'] } });
  });

  test('landers: far fewer signups roll back; as many move up; signups are judged only for landers', () => {
    const policy: GuardPolicy = { ...DEFAULT_GUARD_POLICY, metrics: ['signups'] };
    const stable = arm(3000, 0, { visits: 3000, signups: 300 });
    expect(decide(stable, arm(600, 0, { visits: 600, signups: 6 }), step(25, MIN, true), policy).action).toBe(
      'rollback',
    );
    expect(
      decide(stable, arm(2000, 0, { visits: 2000, signups: 200 }), step(25, MIN, true), policy).action,
    ).toBe('advance');
    // Not a lander: no metric is judged, so nothing holds the canary (signups are left out).
    expect(
      decide(stable, arm(600, 0, { visits: 600, signups: 6 }), step(25, MIN, false), policy).metrics,
    ).toEqual([]);
  });

  test('the evidence needed grows with the steps and metrics it is split over, and with a lower rate', () => {
    expect(evidenceNeeded(DEFAULT_GUARD_POLICY, 4, 5)).toBeCloseTo(Math.log(400));
    expect(evidenceNeeded({ ...DEFAULT_GUARD_POLICY, falseAlarmRate: 0.01 }, 2, 3)).toBeCloseTo(
      Math.log(600),
    );
    // Arms whose rates lie inside the null never count as evidence against it.
    expect(logEvidence({ bad: 10, n: 1000 }, { bad: 5, n: 1000 }, 0, 0, false)).toBeLessThanOrEqual(0);
    expect(logEvidence({ bad: 10, n: 1000 }, { bad: 40, n: 1000 }, 1, 0.002, true)).toBeLessThanOrEqual(0);
    // Fractional (visitor-weighted) counts are accepted.
    expect(Number.isFinite(logEvidence({ bad: 2.5, n: 40.5 }, { bad: 9.25, n: 12.75 }, 0, 0, false))).toBe(
      true,
    );
  });

  test('steps: parsed and walked', () => {
    expect(parseSteps('10,25,50,100')).toEqual([10, 25, 50, 100]);
    expect(parseSteps('10, 50')).toBeNull();
    expect(parseSteps('50,25,100')).toBeNull();
    expect(parseSteps('0,100')).toBeNull();
    expect(parseSteps('x')).toBeNull();
    expect(nextWeight({ weight: 10, steps: [10, 25, 50, 100] })).toBe(25);
    expect(nextWeight({ weight: 50, steps: [10, 25, 50, 100] })).toBeNull();
  });

  test('quantile by nearest rank', () => {
    expect(quantile([5, 1, 4, 2, 3], 0.75)).toBe(4);
    expect(quantile([], 0.75)).toBe(0);
  });
});

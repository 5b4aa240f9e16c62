import {
  decide,
  DEFAULT_GUARD_POLICY,
  nextWeight,
  parseSteps,
  quantile,
  type ArmCounts,
} from '../guard-rule';

const MIN = DEFAULT_GUARD_POLICY.minStepMs;
const step = (weight: number, stepAgeMs = MIN, conversion = false) => ({
  weight,
  steps: [10, 25, 50, 100],
  stepAgeMs,
  conversion,
});

/** LCP samples spread evenly from `from` to `to` milliseconds. */
function lcp(n: number, from: number, to: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.round(from + ((to - from) * i) / Math.max(1, n - 1)));
}

function arm(pageViews: number, errorViews = 0, extra: Partial<ArmCounts> = {}): ArmCounts {
  return { pageViews, errorViews, loadFailureViews: 0, lcp: lcp(100, 800, 2000), ...extra };
}

describe('canary guard decision rule', () => {
  test('a canary that throws for a share of visitors is rolled back before the step minimum is reached', () => {
    // 40 canary views, 12 with an error (30 %), against 1 error in 400 stable views.
    const d = decide(arm(400, 1), arm(40, 12), step(10, 1000));
    expect(d.action).toBe('rollback');
    expect(d.reason).toContain('errors');
    expect(d.why).toEqual({ code: 'worse', metrics: ['errors'] });
    expect(d.metrics.find((m) => m.name === 'errors')).toMatchObject({ verdict: 'worse', canary: 0.3 });
  });

  test('a remote entry that fails to load is rolled back on load failures', () => {
    const d = decide(arm(500), arm(30, 0, { loadFailureViews: 30 }), step(10, 0));
    expect(d.action).toBe('rollback');
    expect(d.reason).toContain('load_failures');
  });

  test('equal arms past the minimum move to the next step, and from the last step are promoted', () => {
    const stable = arm(1000, 10);
    const canary = arm(300, 3);
    expect(decide(stable, canary, step(10))).toMatchObject({ action: 'advance' });
    expect(decide(stable, canary, step(25)).reason).toContain('25 → 50');
    expect(decide(stable, canary, step(25)).why).toEqual({ code: 'advance', from: 25, to: 50 });
    expect(decide(stable, canary, step(50))).toMatchObject({ action: 'promote' });
  });

  test('a better canary is not held back, and is not mistaken for a worse one', () => {
    const d = decide(arm(1000, 100), arm(400, 2), step(10));
    expect(d.action).toBe('advance');
    expect(d.metrics.find((m) => m.name === 'errors')?.verdict).toBe('better');
  });

  test('too few page views waits: no promotion without evidence', () => {
    const d = decide(arm(1000, 10), arm(50, 0), step(50));
    expect(d.action).toBe('wait');
    expect(d.reason).toContain('too few page views');
    expect(d.why).toMatchObject({ code: 'too_few_views', views: 50 });
  });

  test('a step younger than its minimum waits even with enough views', () => {
    const d = decide(arm(1000), arm(1000), step(10, MIN - 30_000));
    expect(d).toMatchObject({ action: 'wait' });
    expect(d.reason).toContain('30 s');
    expect(d.why).toEqual({ code: 'step_time', seconds: 30 });
  });

  test('a stable arm without views proves nothing: a failing canary view against none waits', () => {
    // Both a load failure and an error on the only canary view, and stable has not reported yet.
    const d = decide(arm(0), arm(1, 1, { loadFailureViews: 1 }), step(50, 0));
    expect(d.action).toBe('wait');
    expect(d.metrics.filter((m) => m.verdict === 'worse')).toEqual([]);
    // Nor does a canary without views look better or worse than a failing stable.
    expect(decide(arm(10, 10), arm(0), step(50, 0)).metrics.find((m) => m.name === 'errors')?.verdict).toBe(
      'same',
    );
  });

  test('a handful of errors in a small sample is not called worse (Wilson intervals overlap)', () => {
    // 1 of 20 canary views against 5 of 500 stable: 5 % against 1 %, but one error in 20 views proves nothing yet
    // (2 of 20 would: at a true rate of 1 % that happens less than 2 % of the time, and the rule does roll it back).
    const d = decide(arm(500, 5), arm(20, 1), step(10, 0));
    expect(d.action).toBe('wait');
    expect(d.metrics.find((m) => m.name === 'errors')?.verdict).toBe('same');
    expect(decide(arm(500, 5), arm(20, 2), step(10, 0)).action).toBe('rollback');
  });

  test('a canary whose LCP is clearly slower is rolled back; one as fast is not', () => {
    const stable = arm(600, 0, { lcp: lcp(200, 800, 2000) });
    const slow = arm(300, 0, { lcp: lcp(200, 1500, 3500) });
    expect(decide(stable, slow, step(10)).metrics.find((m) => m.name === 'lcp')?.verdict).toBe('worse');
    expect(decide(stable, slow, step(10)).action).toBe('rollback');
    const same = arm(300, 0, { lcp: lcp(200, 800, 2000) });
    expect(decide(stable, same, step(10)).metrics.find((m) => m.name === 'lcp')?.verdict).toBe('same');
  });

  test('LCP with too few samples is not judged', () => {
    const d = decide(arm(600), arm(300, 0, { lcp: lcp(10, 5000, 9000) }), step(10));
    expect(d.metrics.find((m) => m.name === 'lcp')?.verdict).toBe('too_few');
    expect(d.action).toBe('advance');
  });

  test('landers: significantly fewer signups roll back; too few visits wait', () => {
    const stable = arm(2000, 0, { visits: 2000, signups: 200 });
    const worse = arm(600, 0, { visits: 600, signups: 12 });
    expect(decide(stable, worse, step(25, MIN, true))).toMatchObject({ action: 'rollback' });
    const early = arm(600, 0, { visits: 100, signups: 10 });
    const d = decide(stable, early, step(25, MIN, true));
    expect(d.action).toBe('wait');
    expect(d.reason).toContain('signups');
    const fine = arm(600, 0, { visits: 600, signups: 58 });
    expect(decide(stable, fine, step(25, MIN, true))).toMatchObject({ action: 'advance' });
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

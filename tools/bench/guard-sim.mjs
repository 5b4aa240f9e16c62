#!/usr/bin/env node
// The canary guard's decision rule, simulated (docs/adr/0032-canary-guard.md, "The decision rule"): rollouts of a
// canary through the steps 10, 25, 50, 100 % on a site of 100 page views a second, the guard looking every 30 s as
// the job does, with the earlier rule (non-overlapping Wilson 95 % intervals, 200 views per arm and 5 minutes per
// step; ported below as it was) and the current one (api/src/domains/experiments/guard-rule.ts, loaded as the server
// loads it) side by side:
// - A/A: the canary is stable's twin (1 % error views, 0.2 % load failures, the same LCP and INP): the share of
//   rollouts rolled back (the false-alarm rate of a whole rollout) and promoted;
// - detection: a canary with 1.5×, 2× and 10× stable's error rate, and one whose every view fails: the canary views
//   until the rule rolled it back (median), and the share of such canaries promoted instead. Here the guard looks
//   after every canary view up to 100, then whenever the canary's views grew by 2 % (its views at rollback are the
//   rule's, not the look schedule's).
// Views are drawn per arm (errors and load failures as binomial counts, LCP and INP into the server's histogram
// buckets, INP for 30 % of views), read back as `armCounts` reads them (at most 5,000 vitals per arm).
//   node tools/bench/guard-sim.mjs              2,000 A/A rollouts, 200 per detection scenario (a few minutes)
//   BENCH_SMOKE=1 node tools/bench/guard-sim.mjs  a handful of each, seconds (run by npm test)
//   GUARD_SIM_SEED=7 …                           another seed (the default run is reproducible)
import { tsImport } from 'tsx/esm/api';

const rule = await tsImport('../../api/src/domains/experiments/guard-rule.ts', import.meta.url);
const buckets = await tsImport('../../api/src/domains/experiments/vital-buckets.ts', import.meta.url);
const wilson = await tsImport('../../api/src/domains/experiments/wilson.ts', import.meta.url);

const SMOKE = process.env.BENCH_SMOKE === '1';
const AA_ROLLOUTS = SMOKE ? 20 : 2000;
const DETECT_ROLLOUTS = SMOKE ? 10 : 200;
const STEPS = [10, 25, 50, 100];
const VIEWS_PER_TURN = 3000; // 100 page views a second, a turn every 30 s
const TURN_MS = 30_000;
const MAX_TURNS = 24 * 120; // a rollout still undecided after a day stops there
const BASE = { errors: 0.01, loadFailures: 0.002, inpShare: 0.3 };
const LCP = { median: 1800, sigma: 0.45 };
const INP = { median: 120, sigma: 0.7 };
const MAX_VITALS = 5000; // as telemetry.armCounts reads them back

// ---- random numbers (seeded, so a run is reproducible) ----
let seed = Number(process.env.GUARD_SIM_SEED ?? 20261128) >>> 0;
function random() {
  // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
function normal() {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
/** Binomial(n, p): exact by waiting times for small means, normal approximation beyond (n·p·(1−p) > 50). */
function binomial(n, p) {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(n, 1 - p);
  if (n * p * (1 - p) > 50) {
    return Math.max(0, Math.min(n, Math.round(n * p + Math.sqrt(n * p * (1 - p)) * normal())));
  }
  const logq = Math.log(1 - p);
  let k = 0;
  let i = 0;
  for (;;) {
    i += Math.floor(Math.log(1 - random()) / logq) + 1;
    if (i > n) return k;
    k++;
  }
}

// ---- the vitals: lognormal, put into the server's buckets ----
function erf(x) {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return x >= 0 ? y : -y;
}
function bucketShares(vital, { median, sigma }) {
  const { width, count } = buckets.VITAL_BUCKETS[vital];
  const cdf = (v) => (v <= 0 ? 0 : 0.5 * (1 + erf(Math.log(v / median) / (sigma * Math.SQRT2))));
  return Array.from({ length: count }, (_, b) =>
    b === count - 1 ? 1 - cdf(b * width) : cdf((b + 1) * width) - cdf(b * width),
  );
}
const SHARES = { lcp: bucketShares('lcp', LCP), inp: bucketShares('inp', INP) };
/** Adds n samples to a histogram (a multinomial draw as a chain of binomials). */
function drawInto(hist, shares, n) {
  let left = n;
  let mass = 1;
  for (let b = 0; b < shares.length && left > 0; b++) {
    const k = b === shares.length - 1 ? left : binomial(left, Math.min(1, shares[b] / mass));
    hist[b] += k;
    left -= k;
    mass -= shares[b];
  }
}
/** The samples of a histogram as armCounts returns them: each bucket's value, scaled down beyond 5,000. */
function samples(vital, hist, total) {
  const scale = total > MAX_VITALS ? MAX_VITALS / total : 1;
  const out = [];
  for (let b = 0; b < hist.length; b++) {
    const n = Math.round(hist[b] * scale);
    if (n) {
      const value = buckets.valueOf(vital, b);
      for (let i = 0; i < n; i++) out.push(value);
    }
  }
  return out;
}

function newArm() {
  return {
    views: 0,
    errors: 0,
    failures: 0,
    lcp: new Float64Array(SHARES.lcp.length),
    lcpN: 0,
    inp: new Float64Array(SHARES.inp.length),
    inpN: 0,
  };
}
function addViews(arm, n, errorRate) {
  arm.views += n;
  arm.errors += binomial(n, errorRate);
  arm.failures += binomial(n, BASE.loadFailures);
  drawInto(arm.lcp, SHARES.lcp, n);
  arm.lcpN += n;
  const inp = binomial(n, BASE.inpShare);
  drawInto(arm.inp, SHARES.inp, inp);
  arm.inpN += inp;
}
function counts(arm) {
  return {
    pageViews: arm.views,
    errorViews: arm.errors,
    loadFailureViews: arm.failures,
    lcp: samples('lcp', arm.lcp, arm.lcpN),
    inp: samples('inp', arm.inp, arm.inpN),
  };
}

// ---- the earlier rule, as it was (non-overlapping Wilson 95 % intervals) ----
const WILSON_POLICY = { minPageViews: 200, minStepMs: 5 * 60_000, minLcpSamples: 50, lcpShareMargin: 0.05 };
function wilsonRate(k, n) {
  if (n <= 0) return { low: 0, high: 1 };
  return wilson.wilsonInterval(Math.min(k, n), n, wilson.Z95);
}
function wilsonWorse(s, c) {
  return c.low > s.high;
}
function wilsonDecide(stable, canary, state) {
  const p = WILSON_POLICY;
  let worse =
    wilsonWorse(
      wilsonRate(stable.errorViews, stable.pageViews),
      wilsonRate(canary.errorViews, canary.pageViews),
    ) ||
    wilsonWorse(
      wilsonRate(stable.loadFailureViews, stable.pageViews),
      wilsonRate(canary.loadFailureViews, canary.pageViews),
    );
  if (stable.lcp.length >= p.minLcpSamples && canary.lcp.length >= p.minLcpSamples) {
    const line = rule.quantile(stable.lcp, 0.75);
    const share = wilsonRate(canary.lcp.filter((ms) => ms > line).length, canary.lcp.length);
    if (share.low > 0.25 + p.lcpShareMargin) worse = true;
  }
  if (worse) return 'rollback';
  if (Math.min(stable.pageViews, canary.pageViews) < p.minPageViews || state.stepAgeMs < p.minStepMs)
    return 'wait';
  return state.steps.find((w) => w > state.weight) >= 100 ? 'promote' : 'advance';
}

const RULES = {
  'non-overlapping Wilson 95 % (earlier)': wilsonDecide,
  'sequential, α = 5 % per rollout (now)': (s, c, state) => rule.decide(s, c, state).action,
};

/**
 * One rollout: the canary's error rate is `errorRate`; `fine` looks after every canary view up to 100, then each time
 * its views grew by 2 %, instead of every 30 s. Answers how it ended and the canary's views then.
 */
function rollout(decide, errorRate, fine) {
  let stepIndex = 0;
  let stable = newArm();
  let canary = newArm();
  let canaryTotal = 0;
  let stepViews = 0;
  let nextLook = fine ? 1 : VIEWS_PER_TURN;
  for (let turn = 0; turn < MAX_TURNS * (fine ? 20 : 1);) {
    const weight = STEPS[stepIndex];
    // The site's views until the next look: in `fine` mode, views until the canary's count reaches its next look.
    let site;
    if (fine) {
      const want = Math.max(1, nextLook - canary.views);
      site = 0;
      let got = 0;
      while (got < want) {
        // Site views until the next canary view (geometric), one at a time while few, in blocks beyond.
        if (want - got <= 4) {
          const gap = Math.floor(Math.log(1 - random()) / Math.log(1 - weight / 100)) + 1;
          site += weight >= 100 ? 1 : gap;
          got++;
        } else {
          const block = Math.ceil(((want - got) * 100) / weight);
          site += block;
          got += binomial(block, weight / 100);
        }
      }
      const c = got;
      addViews(canary, c, errorRate);
      addViews(stable, site - c, BASE.errors);
      canaryTotal += c;
    } else {
      site = VIEWS_PER_TURN;
      const c = binomial(site, weight / 100);
      addViews(canary, c, errorRate);
      addViews(stable, site - c, BASE.errors);
      canaryTotal += c;
    }
    stepViews += site;
    turn++;
    if (fine) nextLook = canary.views < 100 ? canary.views + 1 : Math.ceil(canary.views * 1.02);
    const stepAgeMs = (stepViews / VIEWS_PER_TURN) * TURN_MS;
    const action = decide(counts(stable), counts(canary), {
      weight,
      steps: STEPS,
      stepAgeMs,
      conversion: false,
    });
    if (action === 'rollback') return { end: 'rolled back', views: canaryTotal };
    if (action === 'promote') return { end: 'promoted', views: canaryTotal };
    if (action === 'advance') {
      stepIndex++;
      stable = newArm();
      canary = newArm();
      stepViews = 0;
      nextLook = fine ? 1 : VIEWS_PER_TURN;
    }
  }
  return { end: 'undecided', views: canaryTotal };
}

function median(values) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
const pct = (k, n) => `${((100 * k) / n).toFixed(1)} %`;

const started = Date.now();
const scenarios = [
  { name: '1.5×', rate: BASE.errors * 1.5 },
  { name: '2×', rate: BASE.errors * 2 },
  { name: '10×', rate: BASE.errors * 10 },
  { name: 'every view fails', rate: 1 },
];
const table = [];
for (const [name, decide] of Object.entries(RULES)) {
  const aa = { 'rolled back': 0, promoted: 0, undecided: 0 };
  const aaViews = [];
  for (let i = 0; i < AA_ROLLOUTS; i++) {
    const r = rollout(decide, BASE.errors, false);
    aa[r.end]++;
    if (r.end === 'promoted') aaViews.push(r.views);
  }
  const row = {
    rule: name,
    aaRolledBack: `${aa['rolled back']} of ${AA_ROLLOUTS} (${pct(aa['rolled back'], AA_ROLLOUTS)})`,
    aaPromoted: `${pct(aa.promoted, AA_ROLLOUTS)} (median ${median(aaViews) ?? '–'} canary views)`,
  };
  for (const s of scenarios) {
    const views = [];
    let promoted = 0;
    for (let i = 0; i < DETECT_ROLLOUTS; i++) {
      const r = rollout(decide, s.rate, true);
      if (r.end === 'rolled back') views.push(r.views);
      if (r.end === 'promoted') promoted++;
    }
    row[s.name] =
      `${median(views) ?? '–'}` +
      (views.length < DETECT_ROLLOUTS
        ? ` (${pct(DETECT_ROLLOUTS - views.length, DETECT_ROLLOUTS)} not)`
        : '') +
      (promoted ? ` [${pct(promoted, DETECT_ROLLOUTS)} promoted]` : '');
  }
  table.push(row);
}

console.log(
  `\n== canary guard simulation (${AA_ROLLOUTS} A/A rollouts, ${DETECT_ROLLOUTS} per detection scenario; ` +
    `steps ${STEPS.join(', ')} %, ${VIEWS_PER_TURN / (TURN_MS / 1000)} views/s, 1 % error views at stable; seed ` +
    `${process.env.GUARD_SIM_SEED ?? 20261128}${SMOKE ? '; smoke' : ''})`,
);
const head = [
  'rule',
  'A/A rolled back',
  'A/A promoted',
  ...scenarios.map((s) => `views to rollback: ${s.name}`),
];
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---').join('|')}|`);
for (const row of table) {
  console.log(
    `| ${[row.rule, row.aaRolledBack, row.aaPromoted, ...scenarios.map((s) => row[s.name])].join(' | ')} |`,
  );
}
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);

#!/usr/bin/env node
// npm test: every stage (lint, typecheck, the unit suites, the api suite on its backends, the build, the browser
// tests), then a table of each stage's wall time and the slowest 10 test files of each suite (ADR 0034).
//
// The stages run in two lanes at once: the checks and jest suites in one, the build and the browser tests in the
// other (they need nothing from each other, and each lane alone leaves one of the two cores idle much of the time).
// Within a lane the stages run in turn; a failed stage stops its lane (the stages after it are "not run"), not the
// other lane, so one run shows every failing part. Each line of output is prefixed with its stage. TEST_LANES=1 runs
// every stage in one lane, in turn. Stages timed before this script (.ci/run's Node and install) come in as
// CI_STAGE_TIMES="name=seconds;name=seconds".
//
// `node tools/test-all.mjs lint unit` runs only the named stages, and arguments after `--` go to each of them
// (`node tools/test-all.mjs e2e -- tests/smoke/signup.spec.ts`); TEST_REPORT_DIR keeps the suites' JSON reports
// (default: a temporary folder, removed afterwards).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { jestArgs } from './test-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { apiRuns } = createRequire(import.meta.url)('./lib/api-backends.cjs');

const keepReports = Boolean(process.env.TEST_REPORT_DIR);
const reports = process.env.TEST_REPORT_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'dating-test-'));
fs.mkdirSync(reports, { recursive: true });

/** @type {{ name: string, lane: 'checks' | 'browser', command: string[], cwd?: string, env?: Record<string, string>, report?: { kind: 'jest' | 'playwright', file: string } }[]} */
const stages = [
  { name: 'lint', lane: 'checks', command: ['npm', 'run', 'lint'] },
  { name: 'typecheck', lane: 'checks', command: ['npm', 'run', 'typecheck'] },
  jestStage('unit', ['jest', '--selectProjects', 'web', 'repo']),
  ...apiRuns().map((run) => jestStage(`api · ${run.name}`, jestArgs(run), run.env, `api-${run.key}`)),
  // Cached per app: what an earlier build left unchanged is not built again (tools/lib/build.mjs).
  { name: 'build', lane: 'browser', command: ['npm', 'run', 'build'] },
  {
    name: 'e2e',
    lane: 'browser',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, 'e2e.json') },
    report: { kind: 'playwright', file: path.join(reports, 'e2e.json') },
  },
];

function jestStage(name, args, env = {}, key = name) {
  const file = path.join(reports, `${key}.json`);
  return {
    name,
    lane: 'checks',
    command: ['npx', ...args, '--json', `--outputFile=${file}`],
    env,
    report: { kind: 'jest', file },
  };
}

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const wanted = dash >= 0 ? argv.slice(0, dash) : argv;
const extra = dash >= 0 ? argv.slice(dash + 1) : [];
const chosen = wanted.length
  ? stages.filter((s) => wanted.some((w) => s.name === w || s.name.startsWith(`${w} `)))
  : stages;
if (wanted.length && !chosen.length) {
  console.error(`test-all: no stage named ${wanted.join(', ')} (${stages.map((s) => s.name).join(', ')})`);
  process.exit(2);
}

/** @type {{ name: string, status: string, seconds: number, tests?: Counts, slowest?: [string, number][] }[]} */
const timedBefore = [];
for (const entry of (process.env.CI_STAGE_TIMES || '').split(';').filter(Boolean)) {
  const [name, seconds] = entry.split('=');
  timedBefore.push({ name, status: 'ok', seconds: Number(seconds) });
}

const oneLane = process.env.TEST_LANES === '1';
const lanes = new Map();
for (const stage of chosen) {
  const lane = oneLane ? 'all' : stage.lane;
  lanes.set(lane, [...(lanes.get(lane) ?? []), stage]);
}
// Several lanes: each line is prefixed with its stage; one lane prints as the tools do.
const prefixed = lanes.size > 1;

const results = new Map();
const started = Date.now();
await Promise.all([...lanes.values()].map(runLane));
const wall = (Date.now() - started) / 1000;

const rows = [...timedBefore, ...chosen.map((stage) => results.get(stage.name))];
printTable(rows, timedBefore.reduce((sum, r) => sum + r.seconds, 0) + wall);
if (!keepReports) fs.rmSync(reports, { recursive: true, force: true });
process.exit(rows.some((r) => r.status !== 'ok') ? 1 : 0);

async function runLane(laneStages) {
  let failed = false;
  for (const stage of laneStages) {
    if (failed) {
      results.set(stage.name, { name: stage.name, lane: stage.lane, status: 'not run', seconds: 0 });
      continue;
    }
    const result = await runStage(stage);
    results.set(stage.name, result);
    if (result.status !== 'ok') failed = true;
  }
}

async function runStage(stage) {
  console.log(`\n━━ ${stage.name}: ${[...stage.command, ...extra].join(' ')}`);
  if (stage.report) fs.rmSync(stage.report.file, { force: true });
  const begun = Date.now();
  const child = spawn(stage.command[0], [...stage.command.slice(1), ...extra], {
    cwd: stage.cwd ?? root,
    stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...stage.env, ...(prefixed ? { FORCE_COLOR: '0' } : {}) },
  });
  if (prefixed) {
    for (const stream of [child.stdout, child.stderr]) {
      readline
        .createInterface({ input: stream })
        .on('line', (line) => console.log(`[${stage.name}] ${line}`));
    }
  }
  const { code, signal } = await new Promise((resolve) =>
    child.on('close', (exit, sig) => resolve({ code: exit, signal: sig })),
  );
  const seconds = (Date.now() - begun) / 1000;
  const status = code === 0 ? 'ok' : `FAILED (${code ?? signal})`;
  console.log(`━━ ${stage.name}: ${status} after ${seconds.toFixed(0)} s`);
  return { name: stage.name, lane: stage.lane, status, seconds, ...readReport(stage.report) };
}

/**
 * @typedef {{ passed: number, failed: number, skipped: number, retried: number }} Counts
 * @returns {{ tests?: Counts, slowest?: [string, number][] }}
 */
function readReport(report) {
  if (!report || !fs.existsSync(report.file)) return {};
  try {
    const data = JSON.parse(fs.readFileSync(report.file, 'utf8'));
    return report.kind === 'jest' ? fromJest(data) : fromPlaywright(data);
  } catch (error) {
    console.error(`test-all: could not read ${report.file}: ${error.message}`);
    return {};
  }
}

function fromJest(data) {
  const files = data.testResults.map((r) => [
    path.relative(root, r.name),
    (r.endTime - r.startTime) / 1000 || 0,
  ]);
  // Tests that failed and then passed on jest.retryTimes: a hidden failure is still a flake to report.
  const retried = data.testResults
    .flatMap((r) => r.assertionResults ?? [])
    .filter((a) => a.status === 'passed' && (a.invocations ?? 1) > 1).length;
  return {
    tests: {
      passed: data.numPassedTests,
      failed: data.numFailedTests + (data.numRuntimeErrorTestSuites ?? 0),
      skipped: data.numPendingTests + data.numTodoTests,
      retried,
    },
    slowest: files.sort((a, b) => b[1] - a[1]).slice(0, 10),
  };
}

function fromPlaywright(data) {
  const perFile = new Map();
  const counts = { passed: 0, failed: 0, skipped: 0, retried: 0 };
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = path.relative(root, path.join(root, 'e2e', 'tests', spec.file ?? suite.file));
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        perFile.set(file, (perFile.get(file) ?? 0) + ms / 1000);
        if (test.status === 'expected') counts.passed++;
        else if (test.status === 'flaky') {
          counts.passed++;
          counts.retried++;
        } else if (test.status === 'skipped') counts.skipped++;
        else counts.failed++;
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of data.suites ?? []) walk(suite);
  return { tests: counts, slowest: [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 10) };
}

/** `total`: the run's wall time, with the stages timed before this script. */
function printTable(rows, total) {
  const fmt = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
  const width = Math.max(...rows.map((r) => r.name.length), 5);
  const lines = [
    '',
    '━━ stages (wall time, and its share of the total; lanes run at once; tests passed / failed / skipped; passed only on a retry)',
  ];
  for (const r of rows) {
    const t = r.tests;
    const tests = t
      ? `${t.passed} / ${t.failed} / ${t.skipped}${t.retried ? `; RETRIED ${t.retried}` : ''}`
      : '';
    lines.push(
      `${r.name.padEnd(width)}  ${(r.lane ?? '').padEnd(7)}  ${fmt(r.seconds).padStart(6)}  ${String(Math.round((100 * r.seconds) / (total || 1))).padStart(3)}%  ${r.status.padEnd(12)} ${tests}`,
    );
  }
  lines.push(
    `${'total'.padEnd(width)}  ${''.padEnd(7)}  ${fmt(total).padStart(6)}  (wall: the stages before npm test, then the lanes at once)`,
  );
  for (const r of rows.filter((x) => x.slowest?.length)) {
    lines.push('', `── slowest test files: ${r.name}`);
    for (const [file, seconds] of r.slowest) lines.push(`${seconds.toFixed(1).padStart(8)} s  ${file}`);
  }
  const sum = rows.reduce(
    (acc, r) => ({
      passed: acc.passed + (r.tests?.passed ?? 0),
      failed: acc.failed + (r.tests?.failed ?? 0),
      skipped: acc.skipped + (r.tests?.skipped ?? 0),
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  lines.push('', `tests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
  console.log(lines.join('\n'));
}

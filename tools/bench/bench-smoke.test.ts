// Benches that cannot rot (docs/adr/0031-send-near-the-database-and-live-fan-out.md): each server bench runs in its smoke mode (BENCH_SMOKE=1: tiny
// sizes, a second per figure) and must finish with exit code 0. They start the built api the way production does
// (tools/bench/lib/bench-env.mjs), so a bench that no longer starts fails here, in CI, not months later. Timings
// are printed, never asserted. The benches need PostgreSQL (and Redis for the two-node one), as CI has.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

// Built once before the benches start side by side (each would build a stale api itself, into the same dist/).
beforeAll(() => {
  const lib = path.join(__dirname, 'lib', 'bench-env.mjs');
  const built = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { ensureApiBuilt } from ${JSON.stringify(lib)}; await ensureApiBuilt();`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`the api build failed:\n${built.stdout}${built.stderr}`);
}, 300_000);

function smoke(script: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(__dirname, script)], {
      cwd: ROOT,
      env: { ...process.env, BENCH_SMOKE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

// The benches run at the same time (each its own api, schema, DATA_DIR and port; Redis channels are per schema):
// most of a bench's wall time is its api starting (migrations, the seed) and waiting on the database, and its
// figures are not asserted, so running them side by side costs little CPU more and takes a fraction of the time.
const pg = process.env.DATABASE_URL ? test.concurrent : test.concurrent.skip;
const pgAndRedis = process.env.DATABASE_URL && process.env.REDIS_URL ? test.concurrent : test.concurrent.skip;
// Each bench's own limit, counted from the moment they all start: side by side on a busy 2-core machine an api start
// alone can take a minute or more (they took up to a third of this one after another).
const BENCH_TIMEOUT = 360_000;

async function expectRuns(script: string, printed: RegExp) {
  const { code, output } = await smoke(script);
  if (code !== 0) throw new Error(`${script} failed (exit ${code}):\n${output.slice(-3000)}`);
  expect(output).toMatch(printed);
}

pg(
  'the database-vs-HTTP bench starts the api as production does and measures send, like and page',
  () => expectRuns('db-ratio.mjs', /HTTP \/ database: \d+ %[\s\S]*balances not equal to their ledger: 0/),
  BENCH_TIMEOUT,
);

test.concurrent(
  'the api throughput bench starts the api and its yardstick and measures the read endpoints (PGlite)',
  () => expectRuns('api-throughput.mjs', /in-app hello[\s\S]*chats\.php[\s\S]*valid run/),
  BENCH_TIMEOUT,
);

pg(
  'the query-layer bench runs four queries through each way of writing them, on PostgreSQL and PGlite',
  () =>
    expectRuns(
      'query-layer.mjs',
      /PostgreSQL[\s\S]*ledger sum \| typed[\s\S]*PGlite[\s\S]*tables\.ts against/,
    ),
  BENCH_TIMEOUT,
);

pg(
  'the member search bench generates members and pages through them',
  () => expectRuns('member-search.mjs', /gender \+ country/),
  BENCH_TIMEOUT,
);

pgAndRedis(
  'the two-node live bench delivers real sends across nodes and counts open streams',
  () => expectRuns('live-delivery.mjs', /received (\d+) of \1[\s\S]*per open stream/),
  BENCH_TIMEOUT,
);

test.concurrent(
  'the canary guard simulation runs both rules and prints their table (no database)',
  () =>
    expectRuns(
      'guard-sim.mjs',
      /\| non-overlapping Wilson[^\n]*\| \d+ of \d+[\s\S]*\| sequential, α = 5 % per rollout[^\n]*\| \d+ of \d+/,
    ),
  BENCH_TIMEOUT,
);

test.concurrent(
  'a server that refuses to start is reported at once, with its reason, not after a timeout',
  async () => {
    const lib = path.join(__dirname, 'lib', 'bench-env.mjs');
    // Production without mail settings refuses to start (api config): the bench must say so within seconds.
    const code = `import { startApi, ensureApiBuilt } from ${JSON.stringify(lib)};
    await ensureApiBuilt();
    try { const api = await startApi({ env: { MAIL_OUTBOX_ONLY: undefined, SMTP_URL: undefined, DATABASE_URL: undefined }, timeoutMs: 120000 }); await api.stop(); console.log('STARTED'); }
    catch (err) { console.log(JSON.stringify({ message: err.message })); }`;
    const output = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.on('exit', () => resolve(text));
    });
    const result = JSON.parse(output.trim().split('\n').at(-1)!) as { message: string };
    expect(result.message).toMatch(/exited before answering[\s\S]*SMTP_URL/);
  },
  120_000,
);

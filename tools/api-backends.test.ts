// The api suite's backend plan (tools/lib/api-backends.cjs, ADR 0034): no server test file runs on no backend.
import fs from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const plan = require('./lib/api-backends.cjs') as {
  MULTI_NODE_PATTERN: string;
  EMBEDDED_FILES: string[];
  apiRuns(env: Record<string, string | undefined>): { key: string; files: string[] | null; env: object }[];
};

const root = path.resolve(__dirname, '..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : testFiles(rel);
    return /\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

const all = testFiles('api');
const multiNode = new RegExp(plan.MULTI_NODE_PATTERN);

/** The files each run of a configuration executes (a run without a list takes what jest selects there). */
function covered(env: Record<string, string | undefined>): Set<string> {
  const files = new Set<string>();
  for (const run of plan.apiRuns(env)) {
    const runEnv = { ...env, ...run.env };
    const selectable = all.filter(
      (f) => !multiNode.test(`/${f}`) || Boolean(runEnv.DATABASE_URL && runEnv.REDIS_URL),
    );
    for (const f of run.files ?? selectable) if (selectable.includes(f)) files.add(f);
  }
  return files;
}

test('the api has test files to plan for', () => {
  expect(all.length).toBeGreaterThan(50);
  expect(all.filter((f) => multiNode.test(`/${f}`)).length).toBeGreaterThan(0);
});

test('with PostgreSQL and Redis (CI) every server test file runs on at least one backend', () => {
  const ci = covered({ DATABASE_URL: 'postgres://db/test', REDIS_URL: 'redis://cache' });
  expect(all.filter((f) => !ci.has(f))).toEqual([]);
});

test('on embedded PGlite alone every file runs except those that need several nodes', () => {
  const embedded = covered({});
  expect(all.filter((f) => !embedded.has(f) && !multiNode.test(`/${f}`))).toEqual([]);
});

test('every file on the embedded-path list exists and is a server test file', () => {
  expect(plan.EMBEDDED_FILES.filter((f) => !all.includes(f))).toEqual([]);
});

test('a file with tests that skip themselves on PostgreSQL runs on PGlite in CI too', () => {
  // `DATABASE_URL ? describe.skip : describe`, or an early return when DATABASE_URL is set: the test only does
  // something on PGlite, so the file must be on the embedded-path list, or CI would run it on PostgreSQL only.
  const pgliteOnly =
    /DATABASE_URL\s*\?\s*(describe|test|it)\.skip|if\s*\(\s*process\.env\.DATABASE_URL\s*\)\s*return/;
  const ci = plan.apiRuns({ DATABASE_URL: 'postgres://db/test', REDIS_URL: 'redis://cache' });
  const onPglite = new Set(ci.filter((r) => r.key === 'pglite').flatMap((r) => r.files ?? all));
  const files = all.filter((f) => pgliteOnly.test(fs.readFileSync(path.join(root, f), 'utf8')));
  expect(files.filter((f) => !onPglite.has(f))).toEqual([]);
});

#!/usr/bin/env node
// The server suite on its backends (ADR 0034, plan in tools/lib/api-backends.cjs): everything on embedded PGlite
// without DATABASE_URL; with it (as .ci/run sets it) everything on PostgreSQL (+ Redis) and on PGlite only the files
// whose behaviour depends on the embedded path. Extra arguments go to jest (`--runTestsByPath` is added when a run
// is limited to its files). `node tools/test-api.mjs --backend pglite` runs one backend's part alone.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const { apiRuns } = createRequire(import.meta.url)('./lib/api-backends.cjs');

/** The jest command line of one planned run. */
export function jestArgs(run, extra = []) {
  return [
    'jest',
    '--selectProjects',
    'api',
    ...extra,
    ...(run.files ? ['--runTestsByPath', ...run.files] : []),
  ];
}

/** Runs one planned run of the api suite; returns jest's exit status. */
export function runApi(run, extra = []) {
  console.log(`\n── api suite on ${run.name}`);
  const result = spawnSync('npx', jestArgs(run, extra), {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  return result.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--backend');
  const only = at >= 0 ? args.splice(at, 2)[1] : undefined;
  for (const run of apiRuns().filter((r) => !only || r.key === only)) {
    const status = runApi(run, args);
    if (status !== 0) process.exit(status);
  }
}

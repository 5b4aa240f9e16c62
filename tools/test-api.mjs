#!/usr/bin/env node
// The server suite on both database drivers (issue 3): embedded PGlite always, and PostgreSQL as well when
// DATABASE_URL is set (as .ci/run does). Extra arguments go to jest.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const runs = [{ name: 'PGlite (embedded)', env: { DATABASE_URL: '' } }];
if (process.env.DATABASE_URL) runs.push({ name: 'PostgreSQL (DATABASE_URL)', env: {} });

for (const run of runs) {
  console.log(`\n── api suite on ${run.name}`);
  const result = spawnSync('npx', ['jest', '--selectProjects', 'api', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

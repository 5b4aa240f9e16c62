#!/usr/bin/env node
// npm start: build what is not built, publish what has no deployed version (or was just rebuilt), then run the
// server, which migrates and seeds its database itself. Nothing changed → straight to the server.
// Why a rebuilt app is re-published but an unchanged one is not: docs/adr/0002-deploy-registry.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { APPS, ROOT, dataDir } from './lib/apps.mjs';
import { buildApi, buildApp, isApiBuilt, isAppBuilt, pool } from './lib/build.mjs';
import { dataDirStartProblem } from './lib/data-dir.mjs';
import { withRegistry } from './lib/site.mjs';

const started = Date.now();
const data = dataDir();
// Before building and deploying into it: one line naming the folder and its problem, no stack.
const problem = await dataDirStartProblem(data);
if (problem) {
  console.error(`start: not started: ${problem}`);
  process.exit(1);
}
const staleApps = APPS.filter((app) => !isAppBuilt(app));
const apiStale = !isApiBuilt();

const tasks = staleApps.map((app) => () => buildApp(app, { quiet: true }));
if (apiStale) tasks.push(() => buildApi({ quiet: true }));
if (tasks.length) {
  console.log(`start: building ${[...staleApps, ...(apiStale ? ['api'] : [])].join(', ')}`);
  const results = await pool(tasks, 2);
  for (const { label, code, ms } of results) {
    console.log(`start: ${code === 0 ? 'built' : 'FAILED to build'} ${label} in ${(ms / 1000).toFixed(1)} s`);
  }
  if (results.some((result) => result.code !== 0)) process.exit(1);
} else {
  console.log('start: every app and the api are built');
}

// The registry is in the database (PGlite in $DATA_DIR/db here, or DATABASE_URL), the files in storage.
await withRegistry(
  data,
  (line) => console.log(`start: ${line}`),
  async ({ state, deploy }) => {
    const registry = await state();
    for (const app of APPS) {
      const deployed = registry.apps[app]?.current;
      if (!deployed || staleApps.includes(app)) await deploy(app);
    }
  },
);

const server = path.join(ROOT, 'api', 'dist', 'server.js');
if (!fs.existsSync(server)) {
  console.error(`start: ${server} is missing (the api has no build yet)`);
  process.exit(1);
}
const port = process.env.PORT || '8080';
console.log(
  `start: ready to serve in ${((Date.now() - started) / 1000).toFixed(1)} s; http://localhost:${port}`,
);
const child = spawn(process.execPath, [server], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PORT: port, DATA_DIR: data },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

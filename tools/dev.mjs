#!/usr/bin/env node
// npm run dev: the api (tsx watch) on API_PORT (8080), the shell's dev server on 3000 and each remote's dev
// server (3001–3005), all with live reload. `npm run dev -- mf-chat` runs only that remote in dev; the other
// remotes come from the deployed registry. Open http://localhost:3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { APPS, ROOT, appFolder, federationName } from './lib/apps.mjs';

const require = createRequire(import.meta.url);
const WEBPACK_CLI = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });
const requested = process.argv.slice(2).map(appFolder);
const remotes = requested.length
  ? requested.filter((app) => app !== 'shell')
  : APPS.filter((app) => app !== 'shell');
const apiPort = process.env.API_PORT || '8080';

const children = [];
function start(label, command, args, cwd, env = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: `npm run dev -w @dating/api` starts tsx as a grandchild; stopping kills the group.
    detached: true,
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${label}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code) => console.log(`[${label}] exited with ${code}`));
  children.push(child);
}

start('api', 'npm', ['run', 'dev', '-w', '@dating/api'], ROOT, { PORT: apiPort, NODE_ENV: 'development' });
start('shell', process.execPath, [WEBPACK_CLI, 'serve', '--mode', 'development'], path.join(ROOT, 'shell'), {
  API_PORT: apiPort,
  DEV_REMOTES: remotes.map(federationName).join(','),
});
for (const app of remotes) {
  start(app, process.execPath, [WEBPACK_CLI, 'serve', '--mode', 'development'], path.join(ROOT, app), {
    API_PORT: apiPort,
  });
}
console.log(`dev: open http://localhost:3000 (api on ${apiPort}; remotes in dev: ${remotes.join(', ')})`);

function stop() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

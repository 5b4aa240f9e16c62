// Building the apps: each app's webpack in its own process, two at a time (the machine has two cores), with
// webpack's filesystem cache; the api with its own build script (esbuild).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from './apps.mjs';

const require = createRequire(import.meta.url);
const WEBPACK_CLI = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });

function run(command, args, { cwd, label, quiet }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (code) => {
      const ms = Date.now() - started;
      // webpack prints its own noise on success; show it only when something failed (or when asked).
      const lines = output
        .split('\n')
        .filter((line) => line.trim() && !/Manifest will use absolute path|^npm warn/.test(line));
      if (code !== 0 || (!quiet && lines.some((line) => /error|warning/i.test(line)))) {
        process.stderr.write(lines.map((line) => `[${label}] ${line}\n`).join(''));
      }
      resolve({ label, code, ms });
    });
  });
}

export function buildApp(app, options = {}) {
  return run(process.execPath, [WEBPACK_CLI, '--mode', 'production', '--config', 'webpack.config.js'], {
    cwd: path.join(ROOT, app),
    label: app,
    ...options,
  });
}

export function hasApiBuild() {
  try {
    return Boolean(
      JSON.parse(fs.readFileSync(path.join(ROOT, 'api', 'package.json'), 'utf8')).scripts?.build,
    );
  } catch {
    return false;
  }
}

/** Through npm, so whatever the api's own `build` script does (esbuild, copying migrations…) happens. */
export function buildApi(options = {}) {
  return run('npm', ['run', 'build', '--silent', '-w', '@dating/api'], {
    cwd: ROOT,
    label: 'api',
    ...options,
  });
}

/** Runs tasks (functions returning promises) with at most `concurrency` at once, in order. */
export async function pool(tasks, concurrency = 2) {
  const results = [];
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return results;
}

/** Newest modification time of any file under `dir` (0 when it does not exist). */
export function newestMtime(dir) {
  let newest = 0;
  const walk = (current) => {
    let entries;
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  walk(dir);
  return newest;
}

function mtime(file) {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

/** An app is built when dist/mf-manifest.json is newer than its sources, shared/src and its webpack config. */
export function isAppBuilt(app, root = ROOT) {
  const manifest = mtime(path.join(root, app, 'dist', 'mf-manifest.json'));
  if (!manifest) return false;
  const inputs = [
    newestMtime(path.join(root, app, 'src')),
    newestMtime(path.join(root, 'shared', 'src')),
    mtime(path.join(root, app, 'webpack.config.js')),
    newestMtime(path.join(root, 'tools', 'webpack')),
  ];
  return manifest > Math.max(...inputs);
}

/** The api is built when dist/server.js is newer than api/src and the shared contract it imports. */
export function isApiBuilt(root = ROOT) {
  const server = mtime(path.join(root, 'api', 'dist', 'server.js'));
  if (!server) return false;
  return (
    server >
    Math.max(newestMtime(path.join(root, 'api', 'src')), newestMtime(path.join(root, 'shared', 'src')))
  );
}

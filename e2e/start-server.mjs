#!/usr/bin/env node
// The site for one e2e run: `tools/start.mjs` (build what is stale, deploy every app into DATA_DIR, migrate, seed,
// serve). When Playwright stops it (SIGTERM, see playwright.config.ts) the server is let finish, and only then the
// run's temporary DATA_DIR is removed: a server still running would write into a folder deleted under it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.DATA_DIR;

function removeDataDir() {
  if (!dataDir || process.env.E2E_KEEP_DATA === '1') return;
  // Only a folder this config named under the temp folder, never one a developer passed in elsewhere.
  if (path.resolve(dataDir).startsWith(path.join(os.tmpdir(), 'dating-e2e-'))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// The back office's first admin (docs/adr/0018-staff-back-office.md), made with the server's own command (`staff:create-admin`) before the
// server opens the database (PGlite allows one process at a time). The specs sign in with it (support/staff.ts).
if (dataDir && !process.env.E2E_REUSE) {
  const created = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'api', 'src', 'domains', 'staff', 'create-admin.ts'),
      '--email',
      'admin@staff.e2e.test',
      '--password',
      'e2e-admin-password',
      '--name',
      'E2E Admin',
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir } },
  );
  process.stdout.write(created.stdout ?? '');
  process.stderr.write(created.stderr ?? '');
  if (created.status !== 0) {
    removeDataDir();
    process.exit(created.status ?? 1);
  }
}

const child = spawn(process.execPath, [path.join(root, 'tools', 'start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  // The whole process group gets the signal; forwarding it again is harmless, exiting before the child is not.
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal ? 1 : 0));
});

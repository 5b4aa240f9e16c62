import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** Registry keys (app folders) and their federation names (docs/adr/0001-module-federation.md). */
export const APPS = ['shell', 'mf-landers', 'mf-members', 'mf-chat', 'mf-payments', 'mf-account', 'mf-staff'] as const;
export type App = (typeof APPS)[number];
export const REMOTE_APPS = APPS.filter((app) => app !== 'shell');

export interface Registry {
  apps: Record<string, { current: string; history: string[]; canary?: { version: string; weight: number } }>;
}

/** The DATA_DIR of the server under test (created by playwright.config.ts). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the specs through e2e/playwright.config.ts');
  return dir;
}

/** The registry as the server serves it (`npm run registry`: the database, through the running server). */
export function readRegistry(dir = dataDir()): Registry {
  return JSON.parse(runTool('registry', [], dir)) as Registry;
}

/** Runs one of the operator's tools (`tools/deploy.mjs`, `rollback.mjs`, `promote.mjs`, `registry.mjs`) against the test server's data. */
export function runTool(
  tool: 'deploy' | 'rollback' | 'promote' | 'registry',
  args: string[],
  dir = dataDir(),
): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'tools', `${tool}.mjs`), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir },
    encoding: 'utf8',
  });
}

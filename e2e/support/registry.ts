import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** Registry keys (app folders) and their federation names (docs/adr/0001-module-federation.md). */
export const APPS = [
  'shell',
  'mf-landers',
  'mf-members',
  'mf-chat',
  'mf-payments',
  'mf-account',
  'mf-staff',
] as const;
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

/**
 * The environment of an operator's command against the server under test: the same database and bus as that server
 * (playwright.config.ts: its embedded PGlite in DATA_DIR unless E2E_DATABASE_URL names one), never the DATABASE_URL
 * the api suite uses (CI sets it), or a command would switch another registry than the one the server serves.
 */
export function toolEnv(dir = dataDir()): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: process.env.E2E_DATABASE_URL || '',
    REDIS_URL: process.env.E2E_REDIS_URL || '',
  };
}

/** Runs one of the operator's tools (`tools/deploy.mjs`, `rollback.mjs`, `promote.mjs`, `registry.mjs`) against the test server's data. */
export function runTool(
  tool: 'deploy' | 'rollback' | 'promote' | 'registry',
  args: string[],
  dir = dataDir(),
): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'tools', `${tool}.mjs`), ...args], {
    cwd: ROOT,
    env: toolEnv(dir),
    encoding: 'utf8',
  });
}

/**
 * The deploy commands' access to the registry and the storage (`tools/deploy.mjs`, `promote.mjs`, `rollback.mjs`,
 * `start.mjs` load this through tsx): from any machine with the database and storage settings (DATABASE_URL,
 * S3_*), or on the embedded DATA_DIR (PGlite; through the running server when one holds it).
 * docs/adr/0025-registry-in-the-database.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../../config';
import { openDatabase, type Database } from '../../../db/client';
import { migrate } from '../../../db/migrate';
import {
  deployApp,
  deployCanary,
  promoteApp,
  rollbackApp,
  type CommandContext,
  type RegistryBackend,
} from './commands';
import {
  applySwitch,
  CONTROL_FILE,
  DeployRefused,
  readState,
  type RegistryState,
  type SwitchCommand,
  type SwitchResult,
} from './state';
import { createStorage, storageConfigFromEnv, type ObjectStorage } from '../../../lib/storage';

export { DeployRefused };

export interface Target {
  ctx: CommandContext;
  /** `database` (PostgreSQL or PGlite files) or `server` (the running embedded server). */
  via: 'database' | 'server';
  close(): Promise<void>;
}

/**
 * `DEPLOY_FAULT=kill_before_switch`: the command SIGKILLs itself after the upload and before the switch, as a
 * machine lost or a deploy killed at that moment would stop it (tools/deploy.test.ts). Like `PAYMENTS_FAULT`, for
 * tests; without it the hook is absent.
 */
function faultHook(env: NodeJS.ProcessEnv): CommandContext['beforeSwitch'] {
  if (env.DEPLOY_FAULT !== 'kill_before_switch') return undefined;
  return (app, version) => {
    process.stdout.write(
      `${app}: uploaded ${version}; DEPLOY_FAULT=kill_before_switch, killed before the switch\n`,
    );
    process.kill(process.pid, 'SIGKILL');
  };
}

/** The running embedded server of `dataDir`, if one answers. */
async function embeddedServer(dataDir: string): Promise<{ url: string; token: string } | null> {
  const file = path.join(dataDir, CONTROL_FILE);
  if (!existsSync(file)) return null;
  let control: { url: string; token: string; pid: number };
  try {
    control = JSON.parse(readFileSync(file, 'utf8')) as typeof control;
    process.kill(control.pid, 0);
  } catch {
    return null; // unreadable, or the process is gone: nobody holds the database
  }
  try {
    const res = await fetch(`${control.url}/api/_deploy/state`, {
      headers: { 'x-deploy-token': control.token },
      signal: AbortSignal.timeout(5000),
    });
    return res.ok ? control : null;
  } catch {
    return null;
  }
}

function serverBackend(control: { url: string; token: string }): RegistryBackend {
  const headers = { 'x-deploy-token': control.token, 'content-type': 'application/json' };
  return {
    async state() {
      const res = await fetch(`${control.url}/api/_deploy/state`, { headers });
      if (!res.ok) throw new Error(`the running server answered ${res.status} to the registry state`);
      return (await res.json()) as RegistryState;
    },
    async apply(cmd: SwitchCommand) {
      const res = await fetch(`${control.url}/api/_deploy/apply`, {
        method: 'POST',
        headers,
        body: JSON.stringify(cmd),
      });
      if (!res.ok) throw new Error(`the running server answered ${res.status}: ${await res.text()}`);
      const out = (await res.json()) as ({ ok: true } & SwitchResult) | { ok: false; refused: string };
      if (!out.ok) throw new DeployRefused(out.refused);
      return out;
    },
  };
}

function databaseBackend(database: Database): RegistryBackend {
  return {
    state: () => readState(database.db),
    apply: (cmd) => applySwitch(database.db, database.raw.schema, cmd),
  };
}

/** The storage the api nodes read deployed files from: S3 with S3_BUCKET (S3_*), else the folder `dataDir`. */
export function deployStorage(env: NodeJS.ProcessEnv, dataDir: string): ObjectStorage {
  return createStorage(storageConfigFromEnv(env, dataDir));
}

/**
 * Opens the registry and the storage named by the environment: DATABASE_URL (+ DATABASE_SCHEMA), else the PGlite
 * files of `dataDir`, handed to the running embedded server when one holds them.
 */
export async function openTarget(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  log: (line: string) => void = console.log,
): Promise<Target> {
  const storage = deployStorage(env, dataDir);
  if (!env.DATABASE_URL) {
    const control = await embeddedServer(dataDir);
    if (control) {
      return {
        ctx: { backend: serverBackend(control), storage, log, beforeSwitch: faultHook(env) },
        via: 'server',
        close: () => storage.close(),
      };
    }
  }
  const config = {
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    dbSchema: env.DATABASE_SCHEMA || undefined,
    inMemoryDb: false,
  } as AppConfig;
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    await storage.close();
    throw err;
  }
  try {
    await migrate(database.raw);
  } catch (err) {
    await database.close();
    await storage.close();
    throw err;
  }
  return {
    ctx: { backend: databaseBackend(database), storage, log, beforeSwitch: faultHook(env) },
    via: 'database',
    close: async () => {
      await database.close();
      await storage.close();
    },
  };
}

export { deployApp, deployCanary, promoteApp, rollbackApp };

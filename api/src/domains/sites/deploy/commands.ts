import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildVersion, uploadVersion, versionKeys } from './publish';
import {
  DeployRefused,
  stepsProblem,
  type PublishedFile,
  type RegistryState,
  type SwitchCommand,
  type SwitchResult,
} from './state';
import { versionKey, type DeployStorage } from './storage';

/**
 * Where the registry lives for a command: the database directly (PostgreSQL from any machine, or the embedded
 * PGlite files while no server holds them), or the running embedded server, which owns its PGlite files.
 */
export interface RegistryBackend {
  state(): Promise<RegistryState>;
  apply(cmd: SwitchCommand): Promise<SwitchResult>;
}

export interface CommandContext {
  backend: RegistryBackend;
  storage: DeployStorage;
  log: (line: string) => void;
  /**
   * Called after a version's upload and before its switch: the fault point of the deploy tests
   * (`DEPLOY_FAULT=kill_before_switch`, see cli.ts), absent otherwise.
   */
  beforeSwitch?: (app: string, version: string) => void;
}

/** A canary weight: a whole number of percent, 0 to 100. */
export function parseWeight(value: unknown): number {
  const text = String(value ?? '');
  if (!/^\d{1,3}$/.test(text) || Number(text) > 100) {
    throw new DeployRefused(
      `canary weight must be a whole number from 0 to 100 (percent of visitors), not "${text}"`,
    );
  }
  return Number(text);
}

/** The default rollout of `--auto`. */
export const DEFAULT_ROLLOUT_STEPS = [10, 25, 50, 100];

/**
 * A rollout's steps from the command line (`--steps 10,25,50,100`): ascending whole percentages ending at 100. With
 * a canary weight given too, the first step must equal it.
 */
export function parseSteps(value: unknown, weight?: number): number[] {
  const text = String(value ?? '');
  const steps = /^\d{1,3}(,\d{1,3}){0,9}$/.test(text) ? text.split(',').map(Number) : null;
  const problem = stepsProblem(steps ?? text);
  if (problem) throw new DeployRefused(problem);
  if (weight !== undefined && steps![0] !== weight) {
    throw new DeployRefused(`the first step (${steps![0]} %) must equal the canary weight (${weight} %)`);
  }
  return steps!;
}

async function deleteVersions(ctx: CommandContext, pruned: SwitchResult['pruned']): Promise<void> {
  for (const { app, version, files } of pruned) {
    for (const key of versionKeys(app, version, files)) await ctx.storage.delete(key);
  }
  if (pruned.length) {
    ctx.log(`${pruned[0]!.app}: removed old versions ${pruned.map((p) => p.version).join(', ')}`);
  }
}

/** Uploads `distDir` as a version of `app` unless that version is published already. */
async function publish(
  ctx: CommandContext,
  app: string,
  distDir: string,
  packageVersion: string,
): Promise<{ version: string; files?: PublishedFile[] }> {
  if (!existsSync(path.join(distDir, 'mf-manifest.json'))) {
    throw new DeployRefused(
      `${distDir} has no mf-manifest.json: build it first (npm run build -w @dating/${app}).`,
    );
  }
  const version = buildVersion(packageVersion, distDir);
  const state = await ctx.backend.state();
  // Published and still in this storage (a switch to another storage, e.g. to S3, needs the upload again).
  if (
    state.published[app]?.includes(version) &&
    (await ctx.storage.head(versionKey(app, version, 'mf-manifest.json')))
  ) {
    ctx.log(`${app}: version ${version} is already published (immutable, not uploaded again)`);
    return { version };
  }
  const started = Date.now();
  const { files, compressed } = await uploadVersion(ctx.storage, app, version, distDir);
  ctx.log(
    `${app}: uploaded ${distDir} as ${version} (${files.length} files, ${compressed} with .gz and .br, ` +
      `${Date.now() - started} ms)`,
  );
  return { version, files };
}

/** `npm run deploy -- <app>`: publishes the build and makes it current. */
export async function deployApp(
  ctx: CommandContext,
  app: string,
  opts: { distDir: string; packageVersion: string },
): Promise<SwitchResult & { version: string }> {
  const { version, files } = await publish(ctx, app, opts.distDir, opts.packageVersion);
  ctx.beforeSwitch?.(app, version);
  const result = await ctx.backend.apply({ action: 'deploy', app, version, ...(files ? { files } : {}) });
  for (const line of result.lines) ctx.log(line);
  await deleteVersions(ctx, result.pruned);
  return { ...result, version };
}

/**
 * `npm run deploy -- <app> --canary <weight> [--steps <w1,…,100> | --auto] [--dist <dir> | --version <v>]`: with
 * steps, the canary guard walks the canary through them (docs/adr/0032-canary-guard.md).
 */
export async function deployCanary(
  ctx: CommandContext,
  app: string,
  opts: { weight: unknown; steps?: unknown; version?: string; distDir: string; packageVersion: string },
): Promise<SwitchResult & { version: string }> {
  const weight = parseWeight(opts.weight);
  // Refused before anything is published.
  const steps = opts.steps === undefined ? undefined : parseSteps(opts.steps, weight);
  if (app === 'shell')
    throw new DeployRefused('shell: canaries are for remotes (the shell is the page itself)');
  const state = await ctx.backend.state();
  const entry = state.apps[app];
  if (!entry) {
    throw new DeployRefused(
      `${app}: no stable version deployed yet; deploy one first (npm run deploy -- ${app})`,
    );
  }
  let version = opts.version;
  let files: PublishedFile[] | undefined;
  if (version !== undefined) {
    if (!state.published[app]?.includes(version)) {
      throw new DeployRefused(`${app}: version "${version}" does not exist (not published)`);
    }
  } else {
    if (!existsSync(path.join(opts.distDir, 'mf-manifest.json'))) {
      throw new DeployRefused(
        `${opts.distDir} has no mf-manifest.json: build it first (npm run build -w @dating/${app}).`,
      );
    }
    version = buildVersion(opts.packageVersion, opts.distDir);
    if (version === entry.current) {
      throw new DeployRefused(`${app}: ${version} is already the stable version; a canary must differ`);
    }
    ({ version, files } = await publish(ctx, app, opts.distDir, opts.packageVersion));
  }
  ctx.beforeSwitch?.(app, version);
  const result = await ctx.backend.apply({
    action: 'canary',
    app,
    version,
    weight,
    ...(files ? { files } : {}),
    ...(steps ? { steps } : {}),
  });
  for (const line of result.lines) ctx.log(line);
  return { ...result, version };
}

export async function promoteApp(ctx: CommandContext, app: string): Promise<SwitchResult> {
  const result = await ctx.backend.apply({ action: 'promote', app });
  for (const line of result.lines) ctx.log(line);
  await deleteVersions(ctx, result.pruned);
  return result;
}

export async function rollbackApp(ctx: CommandContext, app: string): Promise<SwitchResult> {
  const result = await ctx.backend.apply({ action: 'rollback', app });
  for (const line of result.lines) ctx.log(line);
  return result;
}

import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { first, rows } from '../../../db/sql';

/**
 * The deploy registry in the database (migration 0250, docs/adr/0025-registry-in-the-database.md): every command
 * switches one app in one transaction that holds that app's row lock, and NOTIFYs the nodes on commit.
 */

/** Previous versions kept (in the history and in storage) besides the current one. */
export const HISTORY_LIMIT = 5;
/** The NOTIFY channel; the payload is the schema, so test schemas sharing one database do not wake each other. */
export const REGISTRY_CHANNEL = 'deploy_registry';
/**
 * Where a running embedded server tells the deploy commands how to reach it (mode 0600, removed on close;
 * routes/deploy-control.ts). Here, not in the route, so the commands (cli.ts) do not load the route's schemas.
 */
export const CONTROL_FILE = '.deploy-control.json';
export const VERSION_RE = /^[\w.+-]{1,64}$/;
export const APP_RE = /^[a-z][a-z0-9-]{0,40}$/;

/**
 * What of a deployed version stays with the server (docs/adr/0035-one-origin-per-site.md): the server render bundles
 * (`server/…`), the build's module-federation stats (`mf-stats.json`), the entry list the server reads
 * (`entry-assets.json`) and source maps (the canary guard's stack resolver reads them, ADR 0032). They are in storage
 * for the server and answer 404 publicly; everything else a version has is what browsers load.
 */
const SERVER_ONLY = /^(server\/.*|mf-stats\.json|entry-assets\.json|.*\.map)(\.(gz|br))?$/i;

/** Whether a browser may fetch this file of a deployed version (a path inside the version folder). */
export function isPublicFile(file: string): boolean {
  return !SERVER_ONLY.test(file);
}

export interface AppState {
  current: string;
  history: string[];
  /** `steps`: the rollout the canary guard walks it through (ascending weights ending at 100), when deployed so. */
  canary?: { version: string; weight: number; since: string; steps?: number[] };
}

export interface RegistryState {
  apps: Record<string, AppState>;
  /** Versions whose files are all in storage, per app. */
  published: Record<string, string[]>;
}

export interface PublishedFile {
  path: string;
  size: number;
}

/**
 * What the app's entry must still be for a command to apply (a compare-and-set): the canary guard changes the registry
 * only as it judged it, never over an operator's change made meanwhile.
 */
export interface SwitchExpectation {
  current: string;
  canary: { version: string; weight: number } | null;
}

export type SwitchCommand = (
  | { action: 'deploy'; app: string; version: string; files?: PublishedFile[] }
  | {
      action: 'canary';
      app: string;
      version: string;
      weight: number;
      files?: PublishedFile[];
      /** A rollout for the canary guard: ascending weights ending at 100, the first equal to `weight`. */
      steps?: number[];
    }
  | { action: 'promote'; app: string }
  | { action: 'rollback'; app: string }
) & { expect?: SwitchExpectation };

export interface SwitchResult {
  /** What happened, for the operator. */
  lines: string[];
  /** The version now current (stable). */
  current: string | null;
  /** Versions no longer kept: their rows are gone, their objects are the caller's to delete. */
  pruned: { app: string; version: string; files: PublishedFile[] }[];
}

/** Why a rollout's steps are not acceptable, or null: 1 to 10 whole ascending weights from 1 to 100, ending at 100. */
export function stepsProblem(steps: unknown): string | null {
  const ok =
    Array.isArray(steps) &&
    steps.length >= 1 &&
    steps.length <= 10 &&
    steps.every((s, i) => Number.isInteger(s) && s >= 1 && s <= 100 && (i === 0 || s > steps[i - 1])) &&
    steps[steps.length - 1] === 100;
  return ok
    ? null
    : `rollout steps must be ascending whole percentages ending at 100 (e.g. 10,25,50,100), not "${String(steps)}"`;
}

/** A command refused on purpose (bad input, nothing to do): the message is for the operator; nothing changed. */
export class DeployRefused extends Error {
  override name = 'DeployRefused';
}

interface AppRow {
  current: string;
  history: string[];
  canary_version: string | null;
  canary_weight: number | null;
  canary_since: string | Date | null;
  canary_steps: number[] | null;
}

const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : '');

function toState(row: AppRow): AppState {
  return {
    current: row.current,
    history: row.history ?? [],
    ...(row.canary_version
      ? {
          canary: {
            version: row.canary_version,
            weight: Number(row.canary_weight),
            since: iso(row.canary_since),
            ...(row.canary_steps?.length ? { steps: row.canary_steps.map(Number) } : {}),
          },
        }
      : {}),
  };
}

/** The whole registry as it is committed now. */
export async function readState(db: Db): Promise<RegistryState> {
  const apps: RegistryState['apps'] = {};
  for (const row of await rows<AppRow & { app: string }>(
    db,
    sql`SELECT app, current, history, canary_version, canary_weight, canary_since, canary_steps
      FROM deploy_apps ORDER BY app`,
  )) {
    apps[row.app] = toState(row);
  }
  const published: RegistryState['published'] = {};
  for (const row of await rows<{ app: string; version: string }>(
    db,
    sql`SELECT app, version FROM deploy_versions ORDER BY app, published_at DESC`,
  )) {
    (published[row.app] ??= []).push(row.version);
  }
  return { apps, published };
}

/** The files of one published version, or null when it is not (completely) published. */
export async function versionFiles(db: Db, app: string, version: string): Promise<PublishedFile[] | null> {
  const row = await first<{ files: PublishedFile[] }>(
    db,
    sql`SELECT files FROM deploy_versions WHERE app = ${app} AND version = ${version}`,
  );
  return row?.files ?? null;
}

async function lockApp(tx: Tx, app: string): Promise<AppState | null> {
  const row = await first<AppRow>(
    tx,
    sql`SELECT current, history, canary_version, canary_weight, canary_since, canary_steps
          FROM deploy_apps WHERE app = ${app} FOR UPDATE`,
  );
  return row ? toState(row) : null;
}

async function writeApp(tx: Tx, app: string, state: AppState): Promise<void> {
  await tx.execute(sql`
    UPDATE deploy_apps
       SET current = ${state.current},
           history = ${`{${state.history.map((v) => `"${v}"`).join(',')}}`}::text[],
           canary_version = ${state.canary?.version ?? null},
           canary_weight = ${state.canary?.weight ?? null},
           canary_since = ${state.canary ? state.canary.since : null}::timestamptz,
           canary_steps = ${state.canary?.steps ? `{${state.canary.steps.join(',')}}` : null}::smallint[],
           updated_at = now()
     WHERE app = ${app}`);
}

async function logAction(
  tx: Tx,
  app: string,
  action: SwitchCommand['action'],
  from: string | null,
  to: string | null,
  weight: number | null = null,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO deploy_log (app, action, from_version, to_version, weight, host)
    VALUES (${app}, ${action}, ${from}, ${to}, ${weight}, ${os.hostname()})`);
}

/** Drops the version rows of `app` that are neither current, in the history nor the canary. */
async function prune(tx: Tx, app: string, state: AppState): Promise<SwitchResult['pruned']> {
  const keep = [state.current, ...state.history, ...(state.canary ? [state.canary.version] : [])];
  const removed = await rows<{ version: string; files: PublishedFile[] }>(
    tx,
    sql`DELETE FROM deploy_versions
         WHERE app = ${app} AND NOT (version = ANY(${`{${keep.map((v) => `"${v}"`).join(',')}}`}::text[]))
     RETURNING version, files`,
  );
  return removed.map((row) => ({ app, version: row.version, files: row.files }));
}

async function published(tx: Tx, app: string, version: string): Promise<boolean> {
  return Boolean(
    await first(tx, sql`SELECT 1 AS one FROM deploy_versions WHERE app = ${app} AND version = ${version}`),
  );
}

/**
 * Runs one command in one transaction: records the version's files (when given: they are all in storage by now),
 * locks the app's row, switches it, drops versions no longer kept, logs it and NOTIFYs every node (delivered on
 * commit). Refuses with `DeployRefused`, changing nothing.
 */
export async function applySwitch(db: Db, schema: string, cmd: SwitchCommand): Promise<SwitchResult> {
  if (!APP_RE.test(cmd.app)) throw new DeployRefused(`unknown app "${cmd.app}"`);
  if ('version' in cmd && !VERSION_RE.test(cmd.version)) {
    throw new DeployRefused(`${cmd.app}: "${cmd.version}" is not a version name`);
  }
  return db.transaction(async (tx) => {
    const { app } = cmd;
    const lines: string[] = [];
    if ((cmd.action === 'deploy' || cmd.action === 'canary') && cmd.files) {
      await tx.execute(sql`
        INSERT INTO deploy_versions (app, version, files)
        VALUES (${app}, ${cmd.version}, ${JSON.stringify(cmd.files)}::jsonb)
        ON CONFLICT (app, version) DO NOTHING`);
    }
    let entry = await lockApp(tx, app);
    if (cmd.expect) {
      const { current: was, canary } = cmd.expect;
      const same =
        entry?.current === was &&
        (canary
          ? entry.canary?.version === canary.version && entry.canary.weight === canary.weight
          : !entry.canary);
      if (!same) throw new DeployRefused(`${app}: the registry changed meanwhile; nothing done`);
    }
    let pruned: SwitchResult['pruned'] = [];
    let current: string | null = entry?.current ?? null;

    if (cmd.action === 'deploy') {
      if (!(await published(tx, app, cmd.version))) {
        throw new DeployRefused(`${app}: version ${cmd.version} is not published`);
      }
      if (!entry) {
        const created = await rows(
          tx,
          sql`INSERT INTO deploy_apps (app, current) VALUES (${app}, ${cmd.version})
              ON CONFLICT (app) DO NOTHING RETURNING app`,
        );
        if (created.length) {
          await logAction(tx, app, 'deploy', null, cmd.version);
          await notify(tx, schema);
          lines.push(`${app}: registry switched (none) → ${cmd.version}`);
          return { lines, current: cmd.version, pruned };
        }
        // Another deploy of this app created the row meanwhile: switch from what it wrote.
        entry = (await lockApp(tx, app))!;
      }
      const previous = entry.current;
      if (previous === cmd.version) {
        lines.push(`${app}: ${cmd.version} is already current; registry unchanged`);
        return { lines, current: previous, pruned };
      }
      const history = [previous, ...entry.history].filter((v) => v !== cmd.version).slice(0, HISTORY_LIMIT);
      const next: AppState = { current: cmd.version, history };
      // A running experiment stays, unless its canary is what just became the stable version.
      if (entry.canary && entry.canary.version !== cmd.version) next.canary = entry.canary;
      await writeApp(tx, app, next);
      await logAction(tx, app, 'deploy', previous, cmd.version);
      lines.push(`${app}: registry switched ${previous} → ${cmd.version}`);
      pruned = await prune(tx, app, next);
      current = next.current;
    } else if (cmd.action === 'canary') {
      if (app === 'shell')
        throw new DeployRefused('shell: canaries are for remotes (the shell is the page itself)');
      if (!entry) {
        throw new DeployRefused(
          `${app}: no stable version deployed yet; deploy one first (npm run deploy -- ${app})`,
        );
      }
      if (!Number.isInteger(cmd.weight) || cmd.weight < 0 || cmd.weight > 100) {
        throw new DeployRefused(`canary weight must be a whole number from 0 to 100, not "${cmd.weight}"`);
      }
      if (cmd.version === entry.current) {
        throw new DeployRefused(`${app}: ${cmd.version} is already the stable version; a canary must differ`);
      }
      if (!(await published(tx, app, cmd.version))) {
        throw new DeployRefused(`${app}: version "${cmd.version}" is not published`);
      }
      if (cmd.steps !== undefined) {
        const problem = stepsProblem(cmd.steps);
        if (problem) throw new DeployRefused(`${app}: ${problem}`);
        // The guard re-weights a rollout with its steps: the weight is one of them (the first when it starts).
        if (!cmd.steps.includes(cmd.weight)) {
          throw new DeployRefused(
            `${app}: the canary weight (${cmd.weight} %) is not one of the rollout steps`,
          );
        }
      }
      const same = entry.canary?.version === cmd.version;
      // Steps go with this command only: a canary re-weighted or replaced without steps is no rollout any more.
      const canary = {
        version: cmd.version,
        weight: cmd.weight,
        since: same ? entry.canary!.since : new Date().toISOString(),
        ...(cmd.steps ? { steps: cmd.steps } : {}),
      };
      await writeApp(tx, app, { ...entry, canary });
      await logAction(tx, app, 'canary', entry.canary?.version ?? null, cmd.version, cmd.weight);
      lines.push(
        same
          ? `${app}: canary ${cmd.version} now ${cmd.weight} % (was ${entry.canary!.weight} %)`
          : `${app}: canary ${cmd.version} serves ${cmd.weight} % of visitors, stable ${entry.current} the rest`,
      );
    } else if (cmd.action === 'promote') {
      if (!entry?.canary) throw new DeployRefused(`${app}: no canary to promote`);
      const { canary, ...rest } = entry;
      const history = [rest.current, ...rest.history]
        .filter((v) => v !== canary.version)
        .slice(0, HISTORY_LIMIT);
      const next: AppState = { current: canary.version, history };
      await writeApp(tx, app, next);
      await logAction(tx, app, 'promote', rest.current, canary.version);
      lines.push(`${app}: promoted canary ${canary.version} to stable (was ${rest.current})`);
      pruned = await prune(tx, app, next);
      current = next.current;
    } else {
      if (entry?.canary) {
        // Rolling back an experiment ends it: every visitor gets the stable version again.
        const { canary, ...rest } = entry;
        await writeApp(tx, app, rest);
        await logAction(tx, app, 'rollback', canary.version, rest.current);
        lines.push(
          `${app}: canary ${canary.version} (${canary.weight} %) removed; everyone gets ${rest.current}`,
        );
      } else {
        let target: string | undefined;
        for (const version of entry?.history ?? []) {
          if (await published(tx, app, version)) {
            target = version;
            break;
          }
        }
        if (!entry || !target) throw new DeployRefused(`${app}: no previous version to roll back to`);
        const next: AppState = {
          current: target,
          history: entry.history.slice(entry.history.indexOf(target) + 1),
        };
        await writeApp(tx, app, next);
        await logAction(tx, app, 'rollback', entry.current, target);
        lines.push(`${app}: rolled back ${entry.current} → ${target}`);
        current = target;
      }
    }
    await notify(tx, schema);
    return { lines, current, pruned };
  });
}

async function notify(tx: Tx, schema: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${REGISTRY_CHANNEL}, ${schema})`);
}

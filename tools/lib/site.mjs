// The deploy commands (docs/adr/0002-deploy-registry.md, docs/adr/0025-registry-in-the-database.md): publish a
// build's files to object storage and switch the registry in the database. The logic is the api's
// (api/src/domains/sites/deploy/), loaded through tsx so the commands and the server share one implementation.
//
// Storage keys:   site/<app>/<version>/…   every file of <app>/dist (server bundles too), .gz and .br copies
// Registry:       deploy_apps (current, history, canary), deploy_versions (published versions and their files)
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/cjs/api';
import { ROOT } from './apps.mjs';

let cli;
async function api() {
  if (!cli) {
    // A fixed namespace, not tsImport's random one per call: tsx keys its transform cache by the file name with
    // the namespace in it, so a random one compiled the ~400 files (the api's and typebox's) again in every
    // command, about a second of CPU each time; with a fixed one they come from tsx's cache after the first run.
    const mod = register({ namespace: 'dating-deploy' }).require(
      '../../api/src/domains/sites/deploy/cli.ts',
      import.meta.url,
    );
    cli = mod.openTarget ? mod : mod.default;
  }
  return cli;
}

function packageVersion(app) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, app, 'package.json'), 'utf8')).version;
}

/** Runs `fn(ctx)` against the registry and storage of this environment (DATABASE_URL, S3_*, else `dataDir`). */
async function withTarget(dataDir, log, fn) {
  const { openTarget } = await api();
  const target = await openTarget(process.env, dataDir, log);
  try {
    return await fn(target.ctx, await api());
  } finally {
    await target.close();
  }
}

/**
 * Publishes `distDir` (default `<root>/<app>/dist`) as an immutable version of `app` and makes it current.
 * @returns {Promise<{ version: string, current: string | null, lines: string[] }>}
 */
export async function deploy(
  app,
  { dataDir, distDir = path.join(ROOT, app, 'dist'), log = console.log } = {},
) {
  return withTarget(dataDir, log, (ctx, { deployApp }) =>
    deployApp(ctx, app, { distDir, packageVersion: packageVersion(app) }),
  );
}

/**
 * Starts or re-weights an experiment of `app` (a build, or an already published `version`); with `steps`
 * ("10,25,50,100"), as a rollout the canary guard walks through.
 */
export async function deployCanary(
  app,
  { dataDir, weight, steps, version, distDir = path.join(ROOT, app, 'dist'), log = console.log } = {},
) {
  return withTarget(dataDir, log, (ctx, cli) =>
    cli.deployCanary(ctx, app, {
      weight,
      ...(steps !== undefined ? { steps } : {}),
      version,
      distDir,
      packageVersion: packageVersion(app),
    }),
  );
}

/** Ends an experiment in the canary's favour. */
export async function promote(app, { dataDir, log = console.log } = {}) {
  return withTarget(dataDir, log, (ctx, { promoteApp }) => promoteApp(ctx, app));
}

/** Removes a running canary, else makes the previous version current again. */
export async function rollback(app, { dataDir, log = console.log } = {}) {
  return withTarget(dataDir, log, (ctx, { rollbackApp }) => rollbackApp(ctx, app));
}

/** The registry as committed: `{ apps: { <app>: { current, history, canary? } }, published: { <app>: [versions] } }`. */
export async function readRegistry(dataDir) {
  return withTarget(
    dataDir,
    () => undefined,
    (ctx) => ctx.backend.state(),
  );
}

/**
 * One session for several commands (npm start, a deploy of several apps): the database is opened once.
 * `fn({ state, deploy })`: `state()` is the registry, `deploy(app, distDir?)` as `deploy` above.
 */
export async function withRegistry(dataDir, log, fn) {
  return withTarget(dataDir, log, (ctx, { deployApp }) =>
    fn({
      state: () => ctx.backend.state(),
      deploy: (app, distDir = path.join(ROOT, app, 'dist')) =>
        deployApp(ctx, app, { distDir, packageVersion: packageVersion(app) }),
    }),
  );
}

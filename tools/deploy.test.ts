// Deploy and rollback as an operator runs them, on a temporary DATA_DIR and fake builds: the files go to the storage
// (the local folder DATA_DIR here: keys site/<app>/<version>/…), the registry to the database (PGlite in
// DATA_DIR/db, or a schema of DATABASE_URL when set).
//
// The commands' own behaviour (their arguments, exit codes and messages, a deploy SIGKILLed before its switch, the
// registry they print, the hand-off to a running server) is tested on the real CLIs. A CLI run starts Node, loads
// the deploy code and opens the database: seconds each. So the steps that only set a test up or read the registry
// call the same deploy code in this process (`api/src/domains/sites/deploy/cli.ts`, what the CLIs run through
// tools/lib/site.mjs), on the same DATA_DIR or schema, closed before every CLI run. The database is migrated once
// for the file, not once per test (below). The hand-off to a running embedded server: tools/deploy-embedded.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import {
  deployApp,
  deployCanary,
  openTarget,
  promoteApp,
  rollbackApp,
  type Target,
} from '../api/src/domains/sites/deploy/cli';
import type { CommandContext } from '../api/src/domains/sites/deploy/commands';
import {
  fakeBuild as fakeBuildIn,
  killedAfterUploading,
  root,
  runCli,
  switchedTo,
  withoutSince,
  type Registry,
  type Result,
} from './deploy-fixtures';

// Each CLI run loads the deploy code and opens the database: seconds on a busy machine.
jest.setTimeout(600_000);

let dataDir: string;
let work: string;
/** PostgreSQL only: the file's schema. */
let schema: string | undefined;
/** PGlite only: a data directory migrated once, copied into each test's DATA_DIR. */
let migrated: string | undefined;

function commandEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    ...(schema ? { DATABASE_SCHEMA: schema, NODE_ENV: 'test' } : {}),
  };
}

/** A CLI run (tools/<script>). */
function run(script: string, ...args: string[]): Promise<Result> {
  return runWith({}, script, ...args);
}

/** A CLI run with more environment (`DEPLOY_FAULT`); `signal` is the one that ended it, if any. */
async function runWith(env: NodeJS.ProcessEnv, script: string, ...args: string[]): Promise<Result> {
  await release(); // PGlite's files are one process's: the command opens them itself
  return runCli({ ...commandEnv(), ...env }, script, ...args);
}

// The deploy code in this process: one target (database + storage) per test, opened when first needed.
let open: Target | undefined;

async function target(): Promise<Target> {
  open ??= await openTarget(commandEnv(), dataDir, () => undefined);
  return open;
}

async function release() {
  const was = open;
  open = undefined;
  await was?.close();
}

function packageVersion(app: string): string {
  return JSON.parse(fs.readFileSync(path.join(root, app, 'package.json'), 'utf8')).version;
}

/**
 * A command run in this process as tools/lib/site.mjs runs it for the CLI: its log lines as `out`, a refusal as
 * exit code 1 with the CLI's `<command> failed: <reason>` in `err`.
 */
async function inProcess(command: string, fn: (ctx: CommandContext) => Promise<unknown>): Promise<Result> {
  const lines: string[] = [];
  const ctx = { ...(await target()).ctx, log: (line: string) => void lines.push(line) };
  try {
    await fn(ctx);
    return { code: 0, out: lines.map((line) => `${line}\n`).join(''), err: '' };
  } catch (error) {
    return {
      code: 1,
      out: lines.map((line) => `${line}\n`).join(''),
      err: `${command} failed: ${(error as Error).message}\n`,
    };
  }
}

/** `npm run deploy -- <app> --dist <dist>`, in this process. */
function deploy(app: string, distDir: string): Promise<Result> {
  return inProcess('deploy', (ctx) => deployApp(ctx, app, { distDir, packageVersion: packageVersion(app) }));
}

/** `npm run deploy -- <app> --canary <weight> [--steps <steps>] [--dist <dir> | --version <v>]`, in this process. */
function canary(
  app: string,
  opts: { weight: string; steps?: string; version?: string; distDir?: string },
): Promise<Result> {
  return inProcess('deploy', (ctx) =>
    deployCanary(ctx, app, {
      weight: opts.weight,
      ...(opts.steps !== undefined ? { steps: opts.steps } : {}),
      version: opts.version,
      distDir: opts.distDir ?? path.join(root, app, 'dist'),
      packageVersion: packageVersion(app),
    }),
  );
}

/** `npm run rollback -- <app>`, in this process. */
function rollback(app: string): Promise<Result> {
  return inProcess('rollback', (ctx) => rollbackApp(ctx, app));
}

/** `npm run promote -- <app>`, in this process. */
function promote(app: string): Promise<Result> {
  return inProcess('promote', (ctx) => promoteApp(ctx, app));
}

function fakeBuild(name: string, marker: string): string {
  return fakeBuildIn(work, name, marker);
}

/** The registry read in this process (as the JSON `npm run registry` prints). */
async function registry(): Promise<Registry> {
  const state = await (await target()).ctx.backend.state();
  return withoutSince(JSON.parse(JSON.stringify(state)) as Registry);
}

/** The registry as `npm run registry` prints it. */
async function registryCli(): Promise<Registry> {
  const out = await run('registry.mjs');
  expect(out.code).toBe(0);
  return withoutSince(JSON.parse(out.out) as Registry);
}

/** Versions whose files are in storage (a manifest under site/<app>/<version>/). */
function versionsOnDisk(app: string) {
  const dir = path.join(dataDir, 'site', app);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => !name.startsWith('.') && fs.existsSync(path.join(dir, name, 'mf-manifest.json')))
    .sort();
}

/** A query on DATABASE_URL, outside any test schema. */
async function admin(sql: string) {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Migrated once for the file (as a command migrates a new DATA_DIR or schema): PGlite takes seconds per migration,
// PostgreSQL about one. On PGlite each test gets a copy of the migrated data directory; on PostgreSQL the file has
// one schema, whose registry (the deploy_* tables, all that the deploy code writes) is emptied before each test.
beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    schema = `test_${randomBytes(6).toString('hex')}`;
    const once = await openTarget(
      { ...process.env, DATABASE_SCHEMA: schema, NODE_ENV: 'test' },
      os.tmpdir(),
      () => undefined,
    );
    await once.close();
    return;
  }
  migrated = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-migrated-'));
  const once = await openTarget({ ...process.env, DATA_DIR: migrated }, migrated, () => undefined);
  await once.close();
  expect(fs.readdirSync(migrated)).toEqual(['db']);
});

afterAll(async () => {
  if (migrated) fs.rmSync(migrated, { recursive: true, force: true });
  if (schema) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
});

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-data-'));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-dist-'));
  if (migrated) fs.cpSync(path.join(migrated, 'db'), path.join(dataDir, 'db'), { recursive: true });
  if (schema) {
    await admin(
      `TRUNCATE ${schema}.deploy_apps, ${schema}.deploy_versions, ${schema}.deploy_log RESTART IDENTITY CASCADE`,
    );
  }
});

afterEach(async () => {
  await release();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

const pkgVersion = packageVersion('mf-chat');

test('deploy publishes a versioned copy with gzip and brotli siblings and switches the registry', async () => {
  const dist = fakeBuild('v1', 'one');
  const result = await run('deploy.mjs', 'mf-chat', '--dist', dist);
  expect(result.code).toBe(0);

  // What `npm run registry` prints.
  const printed = await registryCli();
  const { current, history } = printed.apps['mf-chat'];
  expect(current).toMatch(new RegExp(`^${pkgVersion.replace(/\./g, '\\.')}-[0-9a-f]{8}$`));
  expect(history).toEqual([]);
  expect(result.out).toContain(current);

  const folder = path.join(dataDir, 'site', 'mf-chat', current);
  const entry = fs.readFileSync(path.join(folder, 'remoteEntry.js'));
  expect(entry.equals(fs.readFileSync(path.join(dist, 'remoteEntry.js')))).toBe(true);
  expect(zlib.gunzipSync(fs.readFileSync(path.join(folder, 'remoteEntry.js.gz'))).equals(entry)).toBe(true);
  expect(
    zlib.brotliDecompressSync(fs.readFileSync(path.join(folder, 'remoteEntry.js.br'))).equals(entry),
  ).toBe(true);
  expect(fs.existsSync(path.join(folder, 'mf-manifest.json.br'))).toBe(true);
  // Images are already compressed: no siblings.
  expect(fs.existsSync(path.join(folder, 'assets', 'logo.png'))).toBe(true);
  expect(fs.existsSync(path.join(folder, 'assets', 'logo.png.gz'))).toBe(false);
  // Every file of the build is listed as published (what the api reads a version's files from).
  expect(printed.published['mf-chat']).toEqual([current]);
  // The registry read in this process (as the other tests read it) is the one the command prints.
  expect(await registry()).toEqual(printed);
});

test('the same build deploys to the same version and never rewrites its folder', async () => {
  const dist = fakeBuild('v1', 'one');
  expect((await deploy('mf-chat', dist)).code).toBe(0);
  const { current } = (await registry()).apps['mf-chat'];
  const served = path.join(dataDir, 'site', 'mf-chat', current);
  fs.writeFileSync(path.join(served, 'remoteEntry.js'), 'tampered');

  const again = await deploy('mf-chat', dist);
  expect(again.code).toBe(0);
  expect(again.out).toContain('already');
  expect((await registry()).apps['mf-chat']).toEqual({ current, history: [] });
  expect(fs.readFileSync(path.join(served, 'remoteEntry.js'), 'utf8')).toBe('tampered');
});

test('a deploy SIGKILLed after its upload and before its switch leaves the old version current; run again, it switches', async () => {
  expect((await deploy('mf-chat', fakeBuild('v1', 'one'))).code).toBe(0);
  const first = (await registry()).apps['mf-chat'].current;
  const dist = fakeBuild('v2', 'two');
  // The real command, killed by SIGKILL at that point (no handler runs, nothing is cleaned up).
  const killed = await runWith(
    { DEPLOY_FAULT: 'kill_before_switch' },
    'deploy.mjs',
    'mf-chat',
    '--dist',
    dist,
  );
  expect({ code: killed.code, signal: killed.signal }).toEqual({ code: null, signal: 'SIGKILL' });
  const uploaded = killedAfterUploading(killed.out);
  expect(killed.out).not.toContain('registry switched');
  // The upload is in storage, but nothing points at it: the old version is current and the new one unpublished.
  expect(versionsOnDisk('mf-chat')).toEqual([first, uploaded].sort());
  expect(await registry()).toEqual({
    apps: { 'mf-chat': { current: first, history: [] } },
    published: { 'mf-chat': [first] },
  });

  // The command run again (on PGlite: on the files the killed one left, its lock included).
  const again = await run('deploy.mjs', 'mf-chat', '--dist', dist);
  expect(again.code).toBe(0);
  expect(switchedTo(again.out)).toBe(uploaded);
  expect((await registry()).apps['mf-chat']).toEqual({ current: uploaded, history: [first] });
  expect(
    fs.readFileSync(path.join(dataDir, 'site', 'mf-chat', uploaded, 'remoteEntry.js'), 'utf8'),
  ).toContain('"two"');
});

test('a changed build becomes current, rollback restores the previous one and rollback again fails cleanly', async () => {
  expect((await deploy('mf-chat', fakeBuild('v1', 'one'))).code).toBe(0);
  const first = (await registry()).apps['mf-chat'].current;
  expect((await deploy('mf-chat', fakeBuild('v2', 'two'))).code).toBe(0);
  const second = (await registry()).apps['mf-chat'].current;
  expect(second).not.toBe(first);
  expect((await registry()).apps['mf-chat'].history).toEqual([first]);

  const back = await run('rollback.mjs', 'mf-chat');
  expect(back.code).toBe(0);
  expect(back.out).toContain(`${second} → ${first}`);
  expect((await registry()).apps['mf-chat']).toEqual({ current: first, history: [] });
  // The version rolled back from stays on disk, so it can be deployed again without a copy.
  expect(versionsOnDisk('mf-chat')).toEqual([first, second].sort());

  const none = await run('rollback.mjs', 'mf-chat');
  expect(none.code).toBe(1);
  expect(none.err).toContain('no previous version');
  expect((await registry()).apps['mf-chat'].current).toBe(first);
});

test('deploys keep five previous versions and prune older ones; other apps are untouched', async () => {
  expect((await deploy('mf-payments', fakeBuild('pay', 'pay'))).code).toBe(0);
  const payments = (await registry()).apps['mf-payments'];
  const versions: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    const result = await deploy('mf-chat', fakeBuild(`b${i}`, `build ${i}`));
    expect(result.code).toBe(0);
    versions.push(switchedTo(result.out));
  }
  const entry = (await registry()).apps['mf-chat'];
  expect(entry.current).toBe(versions[7]);
  expect(entry.history).toEqual([versions[6], versions[5], versions[4], versions[3], versions[2]]);
  expect(versionsOnDisk('mf-chat')).toEqual(versions.slice(2).sort());
  expect((await registry()).published['mf-chat']!.sort()).toEqual(versions.slice(2).sort());
  expect((await registry()).apps['mf-payments']).toEqual(payments);
});

test('deploy refuses a folder that is not a build, and an unknown app', async () => {
  fs.mkdirSync(path.join(work, 'empty'));
  const empty = await run('deploy.mjs', 'mf-chat', '--dist', path.join(work, 'empty'));
  expect(empty.code).toBe(1);
  expect(empty.err).toContain('mf-manifest.json');
  const unknown = await run('deploy.mjs', 'mf-nope', '--dist', fakeBuild('v1', 'one'));
  expect(unknown.code).toBe(1);
  expect(unknown.err).toContain('Unknown app');
  expect(fs.existsSync(path.join(dataDir, 'site'))).toBe(false);
  expect((await registry()).apps).toEqual({});
});

test('deploy and rollback check every app name and option before they change anything', async () => {
  // Without --dist each app's own dist/ is published: a typo in the second name must not publish the first.
  const typo = await run('deploy.mjs', 'mf-chat', 'mf-nope');
  expect(typo.code).toBe(1);
  expect(typo.err).toContain('Unknown app "mf-nope"');
  const option = await run('deploy.mjs', 'mf-chat', '--promote');
  expect(option.code).toBe(2);
  expect(option.err).toContain('unknown option --promote');
  expect(fs.existsSync(path.join(dataDir, 'site'))).toBe(false);

  expect((await deploy('mf-chat', fakeBuild('v1', 'one'))).code).toBe(0);
  expect((await deploy('mf-chat', fakeBuild('v2', 'two'))).code).toBe(0);
  const before = await registry();
  const rollbackTypo = await run('rollback.mjs', 'mf-chat', 'mf-nope');
  expect(rollbackTypo.code).toBe(1);
  expect(rollbackTypo.err).toContain('Unknown app "mf-nope"');
  expect((await run('rollback.mjs', 'mf-chat', '--all')).code).toBe(2);
  expect((await run('promote.mjs', '--help')).code).toBe(2);
  expect(await registry()).toEqual(before);
});

describe('canary deploys (experiments)', () => {
  async function stable() {
    expect((await deploy('mf-chat', fakeBuild('stable', 'stable'))).code).toBe(0);
    return (await registry()).apps['mf-chat'].current as string;
  }

  test('a build deployed as a canary keeps the stable version and records the weight', async () => {
    const current = await stable();
    const result = await run('deploy.mjs', 'mf-chat', '--canary', '20', '--dist', fakeBuild('next', 'next'));
    expect(result.code).toBe(0);
    const entry = (await registry()).apps['mf-chat'];
    expect(entry.current).toBe(current);
    expect(entry.canary).toMatchObject({ weight: 20 });
    expect(entry.canary.version).not.toBe(current);
    expect(versionsOnDisk('mf-chat')).toContain(entry.canary.version);
    expect(result.out).toContain('20 %');

    // Re-weighting names the version already published.
    const reweighted = await run(
      'deploy.mjs',
      'mf-chat',
      '--canary',
      '50',
      '--version',
      entry.canary.version,
    );
    expect(reweighted.code).toBe(0);
    expect((await registry()).apps['mf-chat'].canary).toMatchObject({
      version: entry.canary.version,
      weight: 50,
    });
  });

  test.each([['101'], ['-5'], ['20.5'], ['abc'], ['']])(
    'weight "%s" is refused before anything is opened or published',
    async (weight) => {
      // An empty DATA_DIR, not the migrated copy: the command must not even create the database.
      fs.rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
      const result = await run(
        'deploy.mjs',
        'mf-chat',
        '--canary',
        weight,
        '--dist',
        fakeBuild('next', 'next'),
      );
      expect(result.code).not.toBe(0);
      expect(result.err).toMatch(/0 to 100|needs a value|usage/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
  );

  test('a canary deployed with --steps or --auto carries its rollout steps for the canary guard', async () => {
    await stable();
    const stepped = await run(
      'deploy.mjs',
      'mf-chat',
      '--steps',
      '5,20,100',
      '--dist',
      fakeBuild('s1', 's1'),
    );
    expect(stepped.code).toBe(0);
    // The weight defaults to the first step.
    expect((await registry()).apps['mf-chat'].canary).toMatchObject({ weight: 5, steps: [5, 20, 100] });
    const auto = await run(
      'deploy.mjs',
      'mf-chat',
      '--canary',
      '10',
      '--auto',
      '--dist',
      fakeBuild('s2', 's2'),
    );
    expect(auto.code).toBe(0);
    expect((await registry()).apps['mf-chat'].canary).toMatchObject({ weight: 10, steps: [10, 25, 50, 100] });
    // Re-weighted by hand without steps: no rollout any more.
    const version = (await registry()).apps['mf-chat'].canary.version;
    expect((await canary('mf-chat', { weight: '30', version })).code).toBe(0);
    expect((await registry()).apps['mf-chat'].canary.steps).toBeUndefined();
  });

  test('a rollout refused by the command exits non-zero and publishes nothing', async () => {
    await stable();
    const before = await registry();
    // Refused by the deploy code after the database is opened.
    const unequal = await run(
      'deploy.mjs',
      'mf-chat',
      '--canary',
      '20',
      '--steps',
      '10,25,50,100',
      '--dist',
      fakeBuild('bad', 'bad-steps'),
    );
    expect(unequal.code).toBe(1);
    expect(unequal.err).toContain('must equal the canary weight');
    // Refused by the command's own argument check.
    const both = await run(
      'deploy.mjs',
      'mf-chat',
      '--canary',
      '10',
      '--auto',
      '--steps',
      '10,100',
      '--dist',
      fakeBuild('bad', 'bad-steps'),
    );
    expect(both.code).toBe(2);
    expect(both.err).toContain('--auto is --steps');
    expect(await registry()).toEqual(before);
    expect(versionsOnDisk('mf-chat')).toEqual([before.apps['mf-chat'].current]);
  });

  // The command passes --steps on as given, with the weight of its first step unless --canary names one (the
  // test above runs it): the deploy code refuses these.
  test.each([
    [{ weight: '20', steps: '10,25,50,100' }, 'must equal the canary weight'],
    [{ weight: '10', steps: '10,50' }, 'ending at 100'],
    [{ weight: '50', steps: '50,25,100' }, 'ascending'],
    [{ weight: '10', steps: '10,abc,100' }, 'ascending'],
  ])('rollout %j is refused and nothing is published', async (opts, message) => {
    await stable();
    const before = await registry();
    const result = await canary('mf-chat', { ...opts, distDir: fakeBuild('bad', 'bad-steps') });
    expect(result.code).not.toBe(0);
    expect(result.err).toContain(message);
    expect(await registry()).toEqual(before);
    expect(versionsOnDisk('mf-chat')).toEqual([before.apps['mf-chat'].current]);
  });

  test('a version that does not exist, the stable version itself and the shell are refused', async () => {
    const current = await stable();
    const before = await registry();
    const missing = await run('deploy.mjs', 'mf-chat', '--canary', '10', '--version', '0.1.0-deadbeef');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('"0.1.0-deadbeef" does not exist');
    const itself = await canary('mf-chat', { weight: '10', version: current });
    expect(itself.code).toBe(1);
    expect(itself.err).toContain('already the stable version');
    const shell = await canary('shell', { weight: '10', distDir: fakeBuild('shell', 'shell') });
    expect(shell.code).toBe(1);
    expect(shell.err).toContain('canaries are for remotes');
    expect(await registry()).toEqual(before);
  });

  test('promote makes the canary stable; rollback of a canary only removes it', async () => {
    const first = await stable();
    expect((await canary('mf-chat', { weight: '30', distDir: fakeBuild('c1', 'c1') })).code).toBe(0);
    const c1 = (await registry()).apps['mf-chat'].canary.version;

    const back = await rollback('mf-chat');
    expect(back.code).toBe(0);
    expect((await registry()).apps['mf-chat']).toEqual({ current: first, history: [] });
    expect(versionsOnDisk('mf-chat')).toContain(c1);

    expect((await canary('mf-chat', { weight: '30', version: c1 })).code).toBe(0);
    const promoted = await promote('mf-chat');
    expect(promoted.code).toBe(0);
    expect((await registry()).apps['mf-chat']).toEqual({ current: c1, history: [first] });

    // The command: nothing left to promote.
    const again = await run('promote.mjs', 'mf-chat');
    expect(again.code).toBe(1);
    expect(again.err).toContain('no canary to promote');
  });
});

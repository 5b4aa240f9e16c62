// Deploy and rollback as an operator runs them (the CLIs), on a temporary DATA_DIR and fake builds: the files go to
// the storage (the local folder DATA_DIR here: keys site/<app>/<version>/…), the registry to the database (PGlite in
// DATA_DIR/db, or a fresh schema of DATABASE_URL when set).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';

// Each command loads the deploy code and opens the database: seconds on a busy machine.
jest.setTimeout(600_000);

const root = path.resolve(__dirname, '..');
let dataDir: string;
let work: string;
let schema: string | undefined;

function run(script: string, ...args: string[]) {
  return runWith({}, script, ...args);
}

/** A command with more environment (`DEPLOY_FAULT`); `signal` is the one that ended it, if any. */
function runWith(env: NodeJS.ProcessEnv, script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(root, 'tools', script), ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...(schema ? { DATABASE_SCHEMA: schema, NODE_ENV: 'test' } : {}),
      ...env,
    },
    encoding: 'utf8',
  });
  return { code: result.status, signal: result.signal, out: result.stdout, err: result.stderr };
}

/** The version a deploy killed by `DEPLOY_FAULT=kill_before_switch` had uploaded. */
function killedAfterUploading(out: string): string {
  return /uploaded (\S+); DEPLOY_FAULT=kill_before_switch/.exec(out)![1]!;
}

/** The version a deploy printed it switched to. */
function switchedTo(out: string): string {
  return /registry switched \S+ → (\S+)/.exec(out)![1]!;
}

function fakeBuild(name: string, marker: string): string {
  const dist = path.join(work, name);
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ id: 'mf_chat', marker }));
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `var mf_chat = ${JSON.stringify(marker)};`.repeat(20));
  fs.writeFileSync(path.join(dist, 'assets', 'logo.png'), Buffer.from([1, 2, 3]));
  return dist;
}

/** The registry as every node reads it (`npm run registry`), without the published list. */
function registry() {
  const out = run('registry.mjs');
  expect(out.code).toBe(0);
  const state = JSON.parse(out.out);
  for (const entry of Object.values(state.apps) as { canary?: { since?: string } }[]) {
    delete entry.canary?.since;
  }
  return { apps: state.apps, published: state.published };
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

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-data-'));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-dist-'));
  schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined;
});

afterEach(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
  if (schema) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
});

const pkgVersion = JSON.parse(fs.readFileSync(path.join(root, 'mf-chat', 'package.json'), 'utf8')).version;

test('deploy publishes a versioned copy with gzip and brotli siblings and switches the registry', () => {
  const dist = fakeBuild('v1', 'one');
  const result = run('deploy.mjs', 'mf-chat', '--dist', dist);
  expect(result.code).toBe(0);

  const { current, history } = registry().apps['mf-chat'];
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
  expect(registry().published['mf-chat']).toEqual([current]);
});

test('the same build deploys to the same version and never rewrites its folder', () => {
  const dist = fakeBuild('v1', 'one');
  expect(run('deploy.mjs', 'mf-chat', '--dist', dist).code).toBe(0);
  const { current } = registry().apps['mf-chat'];
  const served = path.join(dataDir, 'site', 'mf-chat', current, 'remoteEntry.js');
  fs.writeFileSync(served, 'tampered');

  const again = run('deploy.mjs', 'mf-chat', '--dist', dist);
  expect(again.code).toBe(0);
  expect(again.out).toContain('already');
  expect(registry().apps['mf-chat']).toEqual({ current, history: [] });
  expect(fs.readFileSync(served, 'utf8')).toBe('tampered');
});

test('a deploy SIGKILLed after its upload and before its switch leaves the old version current; run again, it switches', () => {
  expect(run('deploy.mjs', 'mf-chat', '--dist', fakeBuild('v1', 'one')).code).toBe(0);
  const first = registry().apps['mf-chat'].current;
  const dist = fakeBuild('v2', 'two');
  // The real command, killed by SIGKILL at that point (no handler runs, nothing is cleaned up).
  const killed = runWith({ DEPLOY_FAULT: 'kill_before_switch' }, 'deploy.mjs', 'mf-chat', '--dist', dist);
  expect({ code: killed.code, signal: killed.signal }).toEqual({ code: null, signal: 'SIGKILL' });
  const uploaded = killedAfterUploading(killed.out);
  expect(killed.out).not.toContain('registry switched');
  // The upload is in storage, but nothing points at it: the old version is current and the new one unpublished.
  expect(versionsOnDisk('mf-chat')).toEqual([first, uploaded].sort());
  expect(registry()).toEqual({
    apps: { 'mf-chat': { current: first, history: [] } },
    published: { 'mf-chat': [first] },
  });

  const again = run('deploy.mjs', 'mf-chat', '--dist', dist);
  expect(again.code).toBe(0);
  expect(switchedTo(again.out)).toBe(uploaded);
  expect(registry().apps['mf-chat']).toEqual({ current: uploaded, history: [first] });
  expect(
    fs.readFileSync(path.join(dataDir, 'site', 'mf-chat', uploaded, 'remoteEntry.js'), 'utf8'),
  ).toContain('"two"');
});

test('a changed build becomes current, rollback restores the previous one and rollback again fails cleanly', () => {
  expect(run('deploy.mjs', 'mf-chat', '--dist', fakeBuild('v1', 'one')).code).toBe(0);
  const first = registry().apps['mf-chat'].current;
  expect(run('deploy.mjs', 'mf-chat', '--dist', fakeBuild('v2', 'two')).code).toBe(0);
  const second = registry().apps['mf-chat'].current;
  expect(second).not.toBe(first);
  expect(registry().apps['mf-chat'].history).toEqual([first]);

  const back = run('rollback.mjs', 'mf-chat');
  expect(back.code).toBe(0);
  expect(back.out).toContain(`${second} → ${first}`);
  expect(registry().apps['mf-chat']).toEqual({ current: first, history: [] });
  // The version rolled back from stays on disk, so it can be deployed again without a copy.
  expect(versionsOnDisk('mf-chat')).toEqual([first, second].sort());

  const none = run('rollback.mjs', 'mf-chat');
  expect(none.code).toBe(1);
  expect(none.err).toContain('no previous version');
  expect(registry().apps['mf-chat'].current).toBe(first);
});

test('deploys keep five previous versions and prune older ones; other apps are untouched', () => {
  expect(run('deploy.mjs', 'mf-payments', '--dist', fakeBuild('pay', 'pay')).code).toBe(0);
  const payments = registry().apps['mf-payments'];
  const versions: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    const result = run('deploy.mjs', 'mf-chat', '--dist', fakeBuild(`b${i}`, `build ${i}`));
    expect(result.code).toBe(0);
    versions.push(switchedTo(result.out));
  }
  const entry = registry().apps['mf-chat'];
  expect(entry.current).toBe(versions[7]);
  expect(entry.history).toEqual([versions[6], versions[5], versions[4], versions[3], versions[2]]);
  expect(versionsOnDisk('mf-chat')).toEqual(versions.slice(2).sort());
  expect(registry().published['mf-chat'].sort()).toEqual(versions.slice(2).sort());
  expect(registry().apps['mf-payments']).toEqual(payments);
});

test('deploy refuses a folder that is not a build, and an unknown app', () => {
  fs.mkdirSync(path.join(work, 'empty'));
  const empty = run('deploy.mjs', 'mf-chat', '--dist', path.join(work, 'empty'));
  expect(empty.code).toBe(1);
  expect(empty.err).toContain('mf-manifest.json');
  const unknown = run('deploy.mjs', 'mf-nope', '--dist', fakeBuild('v1', 'one'));
  expect(unknown.code).toBe(1);
  expect(unknown.err).toContain('Unknown app');
  expect(fs.existsSync(path.join(dataDir, 'site'))).toBe(false);
  expect(registry().apps).toEqual({});
});

test('deploy and rollback check every app name and option before they change anything', () => {
  // Without --dist each app's own dist/ is published: a typo in the second name must not publish the first.
  const typo = run('deploy.mjs', 'mf-chat', 'mf-nope');
  expect(typo.code).toBe(1);
  expect(typo.err).toContain('Unknown app "mf-nope"');
  const option = run('deploy.mjs', 'mf-chat', '--promote');
  expect(option.code).toBe(2);
  expect(option.err).toContain('unknown option --promote');
  expect(fs.existsSync(path.join(dataDir, 'site'))).toBe(false);

  expect(run('deploy.mjs', 'mf-chat', '--dist', fakeBuild('v1', 'one')).code).toBe(0);
  expect(run('deploy.mjs', 'mf-chat', '--dist', fakeBuild('v2', 'two')).code).toBe(0);
  const before = registry();
  const rollbackTypo = run('rollback.mjs', 'mf-chat', 'mf-nope');
  expect(rollbackTypo.code).toBe(1);
  expect(rollbackTypo.err).toContain('Unknown app "mf-nope"');
  expect(run('rollback.mjs', 'mf-chat', '--all').code).toBe(2);
  expect(run('promote.mjs', '--help').code).toBe(2);
  expect(registry()).toEqual(before);
});

describe('canary deploys (experiments)', () => {
  function stable() {
    expect(run('deploy.mjs', 'mf-chat', '--dist', fakeBuild('stable', 'stable')).code).toBe(0);
    return registry().apps['mf-chat'].current as string;
  }

  test('a build deployed as a canary keeps the stable version and records the weight', () => {
    const current = stable();
    const result = run('deploy.mjs', 'mf-chat', '--canary', '20', '--dist', fakeBuild('next', 'next'));
    expect(result.code).toBe(0);
    const entry = registry().apps['mf-chat'];
    expect(entry.current).toBe(current);
    expect(entry.canary).toMatchObject({ weight: 20 });
    expect(entry.canary.version).not.toBe(current);
    expect(versionsOnDisk('mf-chat')).toContain(entry.canary.version);
    expect(result.out).toContain('20 %');

    // Re-weighting names the version already published.
    expect(run('deploy.mjs', 'mf-chat', '--canary', '50', '--version', entry.canary.version).code).toBe(0);
    expect(registry().apps['mf-chat'].canary).toMatchObject({ version: entry.canary.version, weight: 50 });
  });

  test.each([['101'], ['-5'], ['20.5'], ['abc'], ['']])(
    'weight "%s" is refused before anything is opened or published',
    (weight) => {
      const result = run('deploy.mjs', 'mf-chat', '--canary', weight, '--dist', fakeBuild('next', 'next'));
      expect(result.code).not.toBe(0);
      expect(result.err).toMatch(/0 to 100|needs a value|usage/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
  );

  test('a canary deployed with --steps or --auto carries its rollout steps for the canary guard', () => {
    stable();
    const stepped = run('deploy.mjs', 'mf-chat', '--steps', '5,20,100', '--dist', fakeBuild('s1', 's1'));
    expect(stepped.code).toBe(0);
    // The weight defaults to the first step.
    expect(registry().apps['mf-chat'].canary).toMatchObject({ weight: 5, steps: [5, 20, 100] });
    const auto = run('deploy.mjs', 'mf-chat', '--canary', '10', '--auto', '--dist', fakeBuild('s2', 's2'));
    expect(auto.code).toBe(0);
    expect(registry().apps['mf-chat'].canary).toMatchObject({ weight: 10, steps: [10, 25, 50, 100] });
    // Re-weighted by hand without steps: no rollout any more.
    const version = registry().apps['mf-chat'].canary.version;
    expect(run('deploy.mjs', 'mf-chat', '--canary', '30', '--version', version).code).toBe(0);
    expect(registry().apps['mf-chat'].canary.steps).toBeUndefined();
  });

  test.each([
    [['--canary', '20', '--steps', '10,25,50,100'], 'must equal the canary weight'],
    [['--steps', '10,50'], 'ending at 100'],
    [['--steps', '50,25,100'], 'ascending'],
    [['--steps', '10,abc,100'], 'ascending'],
    [['--canary', '10', '--auto', '--steps', '10,100'], '--auto is --steps'],
  ])('rollout %j is refused and nothing is published', (args, message) => {
    stable();
    const before = registry();
    const result = run('deploy.mjs', 'mf-chat', ...args, '--dist', fakeBuild('bad', 'bad-steps'));
    expect(result.code).not.toBe(0);
    expect(result.err).toContain(message);
    expect(registry()).toEqual(before);
  });

  test('a version that does not exist, the stable version itself and the shell are refused', () => {
    const current = stable();
    const before = registry();
    const missing = run('deploy.mjs', 'mf-chat', '--canary', '10', '--version', '0.1.0-deadbeef');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('"0.1.0-deadbeef" does not exist');
    const itself = run('deploy.mjs', 'mf-chat', '--canary', '10', '--version', current);
    expect(itself.code).toBe(1);
    expect(itself.err).toContain('already the stable version');
    const shell = run('deploy.mjs', 'shell', '--canary', '10', '--dist', fakeBuild('shell', 'shell'));
    expect(shell.code).toBe(1);
    expect(shell.err).toContain('canaries are for remotes');
    expect(registry()).toEqual(before);
  });

  test('promote makes the canary stable; rollback of a canary only removes it', () => {
    const first = stable();
    expect(run('deploy.mjs', 'mf-chat', '--canary', '30', '--dist', fakeBuild('c1', 'c1')).code).toBe(0);
    const c1 = registry().apps['mf-chat'].canary.version;

    const back = run('rollback.mjs', 'mf-chat');
    expect(back.code).toBe(0);
    expect(registry().apps['mf-chat']).toEqual({ current: first, history: [] });
    expect(versionsOnDisk('mf-chat')).toContain(c1);

    expect(run('deploy.mjs', 'mf-chat', '--canary', '30', '--version', c1).code).toBe(0);
    const promoted = run('promote.mjs', 'mf-chat');
    expect(promoted.code).toBe(0);
    expect(registry().apps['mf-chat']).toEqual({ current: c1, history: [first] });

    const again = run('promote.mjs', 'mf-chat');
    expect(again.code).toBe(1);
    expect(again.err).toContain('no canary to promote');
  });
});

// Embedded mode only: with DATABASE_URL the commands open the database themselves (every test above).
const embedded = process.env.DATABASE_URL ? describe.skip : describe;
embedded(
  'with the embedded server running (PGlite is one process’s: the switch goes through the server)',
  () => {
    test('deploy and rollback reach the running server, which serves them from the next page', async () => {
      const { spawn } = await import('node:child_process');
      const net = await import('node:net');
      const port = await new Promise<number>((resolve) => {
        const srv = net.createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = srv.address() as { port: number };
          srv.close(() => resolve(free));
        });
      });
      const server = spawn(
        process.execPath,
        [require.resolve('tsx/cli'), path.join(root, 'api', 'src', 'server.ts')],
        {
          cwd: root,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            PORT: String(port),
            NODE_ENV: 'development',
            SEED_PROFILES: '2',
            LOG_LEVEL: 'warn',
          },
        },
      );
      const exited = new Promise((resolve) => server.on('exit', resolve));
      const url = `http://127.0.0.1:${port}`;
      try {
        const until = Date.now() + 300_000;
        while (!fs.existsSync(path.join(dataDir, '.deploy-control.json'))) {
          if (Date.now() > until || server.exitCode !== null) throw new Error('the server did not start');
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const served = async () => {
          const html = await (await fetch(`${url}/members`)).text();
          return /"name":"mf_chat","entry":"\/remotes\/mf-chat\/([^/]+)\//.exec(html)?.[1];
        };
        const shell = fakeBuild('shell', 'shell');
        fs.writeFileSync(
          path.join(shell, 'entry-assets.json'),
          JSON.stringify({ main: { js: ['remoteEntry.js'], css: [], preload: [] } }),
        );
        const shellDeploy = run('deploy.mjs', 'shell', '--dist', shell);
        expect(shellDeploy.code).toBe(0);
        expect(shellDeploy.out).toContain('registry switched');
        const first = run('deploy.mjs', 'mf-chat', '--dist', fakeBuild('v1', 'one'));
        expect(first.code).toBe(0);
        const v1 = switchedTo(first.out);
        expect(await served()).toBe(v1);
        const second = run('deploy.mjs', 'mf-chat', '--dist', fakeBuild('v2', 'two'));
        const v2 = switchedTo(second.out);
        expect(await served()).toBe(v2);
        const entry = await fetch(`${url}/remotes/mf-chat/${v2}/remoteEntry.js`);
        expect(await entry.text()).toContain('"two"');
        expect(run('rollback.mjs', 'mf-chat').code).toBe(0);
        expect(await served()).toBe(v1);
        expect(registry().apps['mf-chat']).toEqual({ current: v1, history: [] });
        // Killed after its upload, before the switch: the running server goes on serving v1; run again, v3.
        const v3Dist = fakeBuild('v3', 'three');
        const killed = runWith(
          { DEPLOY_FAULT: 'kill_before_switch' },
          'deploy.mjs',
          'mf-chat',
          '--dist',
          v3Dist,
        );
        expect(killed.signal).toBe('SIGKILL');
        const v3 = killedAfterUploading(killed.out);
        expect(await served()).toBe(v1);
        expect((await fetch(`${url}/remotes/mf-chat/${v1}/remoteEntry.js`)).status).toBe(200);
        const rerun = run('deploy.mjs', 'mf-chat', '--dist', v3Dist);
        expect(rerun.code).toBe(0);
        expect(switchedTo(rerun.out)).toBe(v3);
        expect(await served()).toBe(v3);
      } finally {
        server.kill('SIGTERM');
        await exited;
      }
      // The server removed its control file: later commands open the database themselves.
      expect(fs.existsSync(path.join(dataDir, '.deploy-control.json'))).toBe(false);
    });
  },
);

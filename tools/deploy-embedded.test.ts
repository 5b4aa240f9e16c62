// Deploy and rollback while the embedded server runs (PGlite's files are one process's): the commands switch the
// registry through the running server's control routes, and the server serves the new version from the next page.
// Its own file so that jest runs it beside tools/deploy.test.ts, not after it. Embedded mode only: with
// DATABASE_URL the commands open the database themselves (tools/deploy.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  fakeBuild,
  killedAfterUploading,
  root,
  runCli,
  switchedTo,
  withoutSince,
  type Registry,
  type Result,
} from './deploy-fixtures';

// The server starts (migrates a new DATA_DIR, seeds) and each command loads the deploy code: a minute on a busy machine.
jest.setTimeout(600_000);

let dataDir: string;
let work: string;

function run(script: string, ...args: string[]): Result {
  return runWith({}, script, ...args);
}

function runWith(env: NodeJS.ProcessEnv, script: string, ...args: string[]): Result {
  return runCli({ ...process.env, DATA_DIR: dataDir, ...env }, script, ...args);
}

/** The registry as `npm run registry` prints it (through the running server). */
function registryCli(): Registry {
  const out = run('registry.mjs');
  expect(out.code).toBe(0);
  return withoutSince(JSON.parse(out.out) as Registry);
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-data-'));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-dist-'));
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

const embedded = process.env.DATABASE_URL ? test.skip : test;

embedded('deploy and rollback reach the running server, which serves them from the next page', async () => {
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
    const shell = fakeBuild(work, 'shell', 'shell');
    fs.writeFileSync(
      path.join(shell, 'entry-assets.json'),
      JSON.stringify({ main: { js: ['remoteEntry.js'], css: [], preload: [] } }),
    );
    const shellDeploy = run('deploy.mjs', 'shell', '--dist', shell);
    expect(shellDeploy.code).toBe(0);
    expect(shellDeploy.out).toContain('registry switched');
    const first = run('deploy.mjs', 'mf-chat', '--dist', fakeBuild(work, 'v1', 'one'));
    expect(first.code).toBe(0);
    const v1 = switchedTo(first.out);
    expect(await served()).toBe(v1);
    const second = run('deploy.mjs', 'mf-chat', '--dist', fakeBuild(work, 'v2', 'two'));
    const v2 = switchedTo(second.out);
    expect(await served()).toBe(v2);
    const entry = await fetch(`${url}/remotes/mf-chat/${v2}/remoteEntry.js`);
    expect(await entry.text()).toContain('"two"');
    expect(run('rollback.mjs', 'mf-chat').code).toBe(0);
    expect(await served()).toBe(v1);
    expect(registryCli().apps['mf-chat']).toEqual({ current: v1, history: [] });
    // Killed after its upload, before the switch: the running server goes on serving v1; run again, v3.
    const v3Dist = fakeBuild(work, 'v3', 'three');
    const killed = runWith({ DEPLOY_FAULT: 'kill_before_switch' }, 'deploy.mjs', 'mf-chat', '--dist', v3Dist);
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

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app';
import { ConfigError } from '../../src/config';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
// Embedded PGlite on files (not in memory): what `npm start` does with DATA_DIR.
const open = (dataDir: string) =>
  buildApp({ env: {}, logger: false, dataDir, inMemoryDb: false, seedDemo: false });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'api-datadir-'));
  await chmod(dir, 0o755);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('one process per PGlite DATA_DIR', () => {
  let first: App | undefined;
  afterAll(async () => {
    await first?.close();
  });

  test('a second server on the same DATA_DIR stops with a clear message; after the first stops it may start', async () => {
    const data = path.join(dir, 'twice');
    first = await open(data);
    const second = open(data);
    await expect(second).rejects.toThrow(ConfigError);
    await expect(open(data)).rejects.toThrow(`DATA_DIR ${data} is in use by another process`);
    await first.close();
    first = await open(data);
    expect(await first.database.raw.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  test('a DATA_DIR that cannot be made gives a clear message, not a wasm error', async () => {
    const file = path.join(dir, 'not-a-folder');
    await writeFile(file, 'x');
    await expect(open(path.join(file, 'data'))).rejects.toThrow(
      `DATA_DIR ${path.join(file, 'data')} does not exist and cannot be created: a parent of it is a file`,
    );
    await expect(open(file)).rejects.toThrow(`DATA_DIR ${file} is a file, not a folder.`);
  });
});

/**
 * The start as a newcomer meets it (docs/adr/0028-staff-door.md): the built server (`node api/dist/server.js`, what `npm start`
 * runs) and `npm start` itself (`node tools/start.mjs`, which deploys into DATA_DIR first), each on an unusable
 * DATA_DIR, stop with exit code 1 and exactly one line naming the folder and the problem: no stack.
 */
describe('start-up checks DATA_DIR and stops with one line', () => {
  let server: string;
  // Running as root, permission bits do not stop writes: the read-only cases then run the process as `nobody`.
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const pg = process.env.DATABASE_URL
    ? {
        DATABASE_URL: process.env.DATABASE_URL,
        // Never reached (the check comes first); a schema of its own in case it were.
        DATABASE_SCHEMA: `test_${randomBytes(6).toString('hex')}`,
        NODE_ENV: 'test',
      }
    : {};

  beforeAll(async () => {
    // The production build, into a folder of its own (node_modules resolve from api/ as for dist/).
    const out = path.join(ROOT, 'api', 'node_modules', '.cache', `datadir-test-${process.pid}`);
    const built = spawnSync(process.execPath, [path.join(ROOT, 'api', 'build.mjs')], {
      env: { ...process.env, API_DIST_DIR: out },
      encoding: 'utf8',
    });
    expect(built.stderr).toBe('');
    server = path.join(out, 'server.js');
  });
  afterAll(async () => {
    await rm(path.dirname(server), { recursive: true, force: true });
  });

  interface Run {
    status: number | null;
    stdout: string;
    stderr: string;
  }
  // Not spawnSync: the server of the lock test runs in this process and must keep its lock fresh meanwhile.
  const start = (
    command: string[],
    dataDir: string,
    user: { uid?: number; gid?: number } = {},
  ): Promise<Run> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, command, {
        cwd: ROOT,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0', ...pg },
        timeout: 90_000,
        ...user,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  const expectOneLine = async (running: Promise<Run>, line: string) => {
    const run = await running;
    expect(run.stderr.trim().split('\n')).toEqual([line]);
    expect(run.status).toBe(1);
    expect(run.stdout).not.toMatch(/listening/i);
  };

  test('a file instead of a folder', async () => {
    const file = path.join(dir, 'a-file');
    await writeFile(file, 'x');
    await expectOneLine(
      start([server], file),
      `Not started: DATA_DIR ${file} is a file, not a folder. Point DATA_DIR at a writable folder.`,
    );
    await expectOneLine(
      start([server], path.join(file, 'data')),
      `Not started: DATA_DIR ${path.join(file, 'data')} does not exist and cannot be created: a parent of it is a file, not a folder. Point DATA_DIR at a writable folder.`,
    );
    await expectOneLine(
      start(['tools/start.mjs'], file),
      `start: not started: DATA_DIR ${file} is a file, not a folder. Point DATA_DIR at a writable folder.`,
    );
  });

  test('a read-only folder, and a missing one in a read-only folder', async () => {
    const readOnly = path.join(dir, 'read-only');
    await mkdir(readOnly);
    await chmod(readOnly, 0o555);
    await expectOneLine(
      start([server], readOnly, asUser),
      `Not started: DATA_DIR ${readOnly} is not writable (EACCES). Point DATA_DIR at a writable folder.`,
    );
    const inside = path.join(readOnly, 'data');
    await expectOneLine(
      start([server], inside, asUser),
      `Not started: DATA_DIR ${inside} does not exist and cannot be created: its parent folder is not writable (EACCES). Point DATA_DIR at a writable folder.`,
    );
    await expectOneLine(
      start(['tools/start.mjs'], readOnly, asUser),
      `start: not started: DATA_DIR ${readOnly} is not writable (EACCES). Point DATA_DIR at a writable folder.`,
    );
  });

  test('a DATA_DIR whose PGlite another process has open', async () => {
    if (process.env.DATABASE_URL) return; // PostgreSQL: DATA_DIR holds no database to share
    const data = path.join(dir, 'in-use');
    const running = await open(data);
    try {
      const busy = `DATA_DIR ${data} is in use by another process: its database (${path.join(data, 'db')}) is locked by a running server or command. Stop it first, or give this one its own DATA_DIR.`;
      await expectOneLine(start([server], data), `Not started: ${busy}`);
      await expectOneLine(start(['tools/start.mjs'], data), `start: not started: ${busy}`);
    } finally {
      await running.close();
    }
  });
});

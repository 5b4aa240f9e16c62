import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app';
import { ConfigError } from '../../src/config';

jest.setTimeout(120_000);

// Embedded PGlite on files (not in memory): what `npm start` does with DATA_DIR.
const open = (dataDir: string) =>
  buildApp({ env: {}, logger: false, dataDir, inMemoryDb: false, seedDemo: false });

describe('one process per PGlite DATA_DIR (issue 11, finding 7)', () => {
  let dir: string;
  let first: App | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'api-datadir-'));
  });
  afterAll(async () => {
    await first?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('a second server on the same DATA_DIR stops with a clear message; after the first stops it may start', async () => {
    first = await open(dir);
    const second = open(dir);
    await expect(second).rejects.toThrow(ConfigError);
    await expect(open(dir)).rejects.toThrow(/in use by another process/);
    await first.close();
    first = await open(dir);
    expect(await first.database.raw.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  test('a DATA_DIR that cannot be written gives a clear message, not a wasm error', async () => {
    const file = path.join(dir, 'not-a-folder');
    await writeFile(file, 'x');
    await expect(open(path.join(file, 'data'))).rejects.toThrow(/DATA_DIR is not writable/);
  });
});

import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type BuildOptions } from '../app';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../seed/demo';

export { DEMO_EMAIL, DEMO_PASSWORD };

// Starting PGlite (or a schema on PostgreSQL) takes seconds on a busy machine; hooks get the same budget.
jest.setTimeout(120_000);
/** Header every state-changing call needs (CSRF guard). */
export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;

const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

export interface TestContext {
  app: App;
  dataDir: string;
  /** Logs in (default: the demo member) and returns the `cookie` header value to send. */
  login(email?: string, password?: string, host?: string): Promise<string>;
  /** `app.inject` with the XHR header and optional cookie. */
  call(opts: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh app per test file: in-memory PGlite, or, when DATABASE_URL is set, PostgreSQL in a new schema that is
 * dropped on close. Seeds the demo data with `profiles` fictional members (no image files).
 */
export async function createTestApp(opts: { profiles?: number } & BuildOptions = {}): Promise<TestContext> {
  const { profiles = 30, ...rest } = opts;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const dbSchema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const app = await buildApp({
    env: {},
    logger: false,
    dataDir,
    databaseUrl,
    dbSchema,
    inMemoryDb: true,
    // An initdb'd cluster shared by all test files (PGlite's cluster creation costs seconds each time).
    pgliteTemplate: path.join(os.tmpdir(), `api-test-pglite-${PGLITE_VERSION}.tar`),
    embedded: !databaseUrl,
    seedDemo: { profiles, images: false, account: true },
    // Lets a test ask for `production: true` (which refuses to start without it).
    appSecret: 'test-app-secret-0123456789abcdef0123456789',
    ...rest,
  });

  const call: TestContext['call'] = ({ cookie, headers, ...o }) =>
    app.inject({ ...o, headers: { ...XHR, ...(cookie ? { cookie } : {}), ...headers } });

  return {
    app,
    dataDir,
    call,
    async login(email = DEMO_EMAIL, password = DEMO_PASSWORD, host = 'localhost') {
      const res = await call({
        method: 'POST',
        url: '/api/user.php',
        headers: { host },
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      const sid = res.cookies.find((c) => c.name === 'sid');
      return `sid=${sid!.value}`;
    },
    async close() {
      await app.close();
      if (databaseUrl && dbSchema) {
        const pg = await import('pg');
        const client = new pg.default.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${dbSchema} CASCADE`);
        await client.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A deployed shell in the test app's deploy folder, as `npm run deploy` leaves it: version 1.0.0-aaaa with one entry
 * script, and the registry pointing at it, so the HTML route answers pages.
 */
export async function deployTestShell(dataDir: string): Promise<void> {
  const site = path.join(dataDir, 'site');
  const shell = path.join(site, 'shell', '1.0.0-aaaa');
  await mkdir(shell, { recursive: true });
  await writeFile(
    path.join(shell, 'entry-assets.json'),
    JSON.stringify({ main: { js: ['main.js'], css: [], preload: [] } }),
  );
  await writeFile(
    path.join(site, 'registry.json'),
    JSON.stringify({ apps: { shell: { current: '1.0.0-aaaa', history: [] } } }),
  );
}

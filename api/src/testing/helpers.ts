import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type BuildOptions } from '../app';
import { DEMO_EMAIL, DEMO_PASSWORD, seedIfEmpty } from '../seed/demo';
import { uploadVersion } from '../domains/sites/deploy/publish';
import type { PublishedFile } from '../domains/sites';
import { createPgTestDatabase, migratedPgliteTemplate } from './db-template';

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
 * A fresh app per test file: in-memory PGlite, or, when DATABASE_URL is set, a PostgreSQL database of its own that
 * is dropped on close (its tables in a schema named like it). Both start migrated, from a template made once per
 * migrations hash (testing/db-template.ts). Seeds the demo data with `profiles` fictional members (no image files).
 * A caller that names `dbSchema` gets that schema on DATABASE_URL's database, migrated by the app itself.
 */
export async function createTestApp(opts: { profiles?: number } & BuildOptions = {}): Promise<TestContext> {
  const { profiles = 30, ...rest } = opts;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-test-'));
  const serverUrl = process.env.DATABASE_URL || undefined;
  // `databaseUrl` may be given (a proxy in front of the server): the copy is made on the server, reached through it.
  const own =
    serverUrl && !rest.dbSchema ? await createPgTestDatabase(serverUrl, rest.databaseUrl ?? serverUrl) : null;
  const databaseUrl = own?.url ?? rest.databaseUrl ?? serverUrl;
  const dbSchema = own?.schema ?? rest.dbSchema;
  // An initdb'd cluster shared by all test files (PGlite's cluster creation costs seconds each time), and the same
  // migrated once per migrations hash (each file then starts with the migrations applied).
  const initdb = path.join(os.tmpdir(), `api-test-pglite-${PGLITE_VERSION}.tar`);
  const pgliteTemplate = serverUrl ? undefined : await migratedPgliteTemplate(initdb);
  let app: App;
  try {
    app = await buildApp({
      env: {},
      logger: false,
      dataDir,
      inMemoryDb: true,
      pgliteTemplate,
      embedded: !serverUrl,
      // In-process requests name `localhost:80` (light-my-request's default Host): the sites' local origin is
      // http://localhost etc. (docs/adr/0035-one-origin-per-site.md).
      port: 80,
      seedDemo: { profiles, images: false, account: true },
      seed: seedIfEmpty,
      // Lets a test ask for `production: true` (which refuses to start without it).
      appSecret: 'test-app-secret-0123456789abcdef0123456789',
      ...rest,
      databaseUrl,
      dbSchema,
    });
  } catch (err) {
    await own?.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }

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
      await own?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A deployed shell, as `npm run deploy` leaves it: version 1.0.0-aaaa with one entry script, published to the
 * app's storage and current in its registry, so the HTML route answers pages.
 */
export async function deployTestShell(app: App): Promise<void> {
  await deployTestVersion(app, 'shell', '1.0.0-aaaa', {
    'entry-assets.json': JSON.stringify({ main: { js: ['main.js'], css: [], preload: [] } }),
    'mf-manifest.json': '{}',
    'main.js': 'console.log("shell")',
  });
}

/** Uploads `files` as version `version` of `name` (with .gz/.br copies) and records it, without switching. */
export async function publishTestVersion(
  app: App,
  name: string,
  version: string,
  files: Record<string, string | Buffer>,
): Promise<PublishedFile[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'api-test-dist-'));
  try {
    for (const [file, body] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), body);
    }
    return (await uploadVersion(app.services.registry.storage, name, version, dir)).files;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Publishes a version and makes it current (the next request serves it). */
export async function deployTestVersion(
  app: App,
  name: string,
  version: string,
  files: Record<string, string | Buffer> = { 'mf-manifest.json': '{}' },
): Promise<void> {
  const published = await publishTestVersion(app, name, version, files);
  await app.services.registry.apply({ action: 'deploy', app: name, version, files: published });
}

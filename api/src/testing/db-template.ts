import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { defaultMigrationsDir, listMigrations, migrate } from '../db/migrate';
import { configFromEnv } from '../config';
import type pg from 'pg';

// A database per test file from a template migrated once per migrations hash (docs/adr/0034-test-suite-time.md):
// PostgreSQL copies a template database (CREATE DATABASE … TEMPLATE, milliseconds) instead of migrating a new
// schema (the 29 files cost about 0.3 to 1 s of the server's time per file); PGlite loads a migrated data-directory
// dump instead of the initdb'd one. The demo seed still runs per file: it depends on the clock (last week's
// messages, a welcome code valid for 48 hours) and on the number of profiles each file asks for.

/** The schema the template's tables live in; each copy renames it to its own name. */
const TEMPLATE_SCHEMA = 'tpl';
/** Serialises the template's creation between jest workers (and other runs on the same server). */
const TEMPLATE_LOCK_KEY = 727_003;
/** Templates of other hashes (other checkouts, older code) kept besides the current one; older ones are dropped. */
const KEEP_OTHER_TEMPLATES = 2;
/** A PGlite snapshot of another hash is removed when it has not been written for this long. */
const STALE_SNAPSHOT_MS = 3_600_000;

let hashCache: string | undefined;

/**
 * What the migrated template depends on: every migration file (name and text), the runner and this file. Any
 * change gives a new hash, so a stale template is never used.
 */
export function migrationsHash(): string {
  if (hashCache) return hashCache;
  const hash = createHash('sha256');
  for (const m of listMigrations(defaultMigrationsDir())) {
    hash.update(m.name).update('\0').update(readFileSync(m.file)).update('\0');
  }
  hash.update(readFileSync(path.join(__dirname, '..', 'db', 'migrate.ts')));
  // And how the templates are made (this file).
  hash.update(readFileSync(__filename));
  hashCache = hash.digest('hex').slice(0, 16);
  return hashCache;
}

/** `url` naming the database `name` instead of its own. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

type PgClient = pg.Client;

async function connect(url: string): Promise<PgClient> {
  const { default: driver } = await import('pg');
  const client = new driver.Client({ connectionString: url });
  await client.connect();
  return client;
}

const codeOf = (err: unknown) => (err as { code?: string }).code;

/** Retries `fn` while the database is still being accessed (a closed pool's backends exit a moment later). */
async function whileAccessed<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (codeOf(err) !== '55006' || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Makes the template database `api_tpl_<hash>` unless it exists: migrated from scratch into the schema `tpl` of a
 * new database, closed to connections (a copy needs none open on its source), then renamed into place, all under
 * an advisory lock so two workers do not build it at once. Drops the oldest templates of other hashes.
 */
async function ensurePgTemplate(admin: PgClient, serverUrl: string, name: string): Promise<void> {
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    const building = `${name}_building`;
    // A build that died half way (the lock went with its connection) left this behind.
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase(
      configFromEnv(
        {},
        { databaseUrl: withDatabase(serverUrl, building), dbSchema: TEMPLATE_SCHEMA, inMemoryDb: true },
      ),
    );
    try {
      await migrate(database.raw);
    } finally {
      await database.close();
    }
    await admin.query(`COMMENT ON DATABASE ${building} IS '${Date.now()}'`);
    await whileAccessed(() => admin.query(`ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false`));
    await whileAccessed(() => admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
    const old = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database
        WHERE datname LIKE 'api\\_tpl\\_%' AND datname <> $1 AND datname NOT LIKE '%\\_building'
        ORDER BY coalesce(shobj_description(oid, 'pg_database'), '0')::bigint DESC OFFSET $2`,
      [name, KEEP_OTHER_TEMPLATES],
    );
    for (const { datname } of old.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
  }
}

export interface TestDatabase {
  /** The new database's URL (`serverUrl`'s, or `connectUrl`'s when given, with the new database's name). */
  url: string;
  /** The schema the tables are in; also the database's name (Redis keys are namespaced by the schema). */
  schema: string;
  /** Drops the database (closing any connection still open to it). */
  drop(): Promise<void>;
}

/**
 * A migrated database of its own on the PostgreSQL server of `serverUrl`, copied from the migrations' template
 * (made on first use). `connectUrl` (a proxy in front of the same server, say) is what the returned URL is based on.
 */
export async function createPgTestDatabase(serverUrl: string, connectUrl = serverUrl): Promise<TestDatabase> {
  const template = `api_tpl_${migrationsHash()}`;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = await connect(serverUrl);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        // Several workers may copy the same template at once; a missing one is made (once) and copied then.
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (err) {
        if (codeOf(err) !== '3D000' || attempt >= 2) throw err;
        await ensurePgTemplate(admin, serverUrl, template);
      }
    }
  } finally {
    await admin.end();
  }
  const own = await connect(withDatabase(serverUrl, name));
  try {
    await own.query(`ALTER SCHEMA ${TEMPLATE_SCHEMA} RENAME TO ${name}`);
  } finally {
    await own.end();
  }
  return {
    url: withDatabase(connectUrl, name),
    schema: name,
    async drop() {
      const client = await connect(serverUrl);
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A migrated PGlite data directory (tar) for `initdbTemplate`'s PGlite version, made on first use by loading the
 * initdb'd cluster, migrating it, dropping the databases the app does not use and dumping it (written then renamed: workers never read half a file). Older
 * snapshots of other hashes are removed once nobody has written them for an hour.
 */
export async function migratedPgliteTemplate(initdbTemplate: string): Promise<string> {
  const file = initdbTemplate.replace(/\.tar$/, `-migrated-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-test-tpl-'));
  try {
    const database = await openDatabase(
      configFromEnv({}, { inMemoryDb: true, pgliteTemplate: initdbTemplate, dataDir }),
    );
    try {
      await migrate(database.raw);
      // The app uses PGlite's template1 only: without the two other databases of the cluster the dump is half as
      // large, and loading it (every test file) takes about half the time.
      for (const text of [
        'DROP DATABASE postgres',
        "UPDATE pg_database SET datistemplate = false WHERE datname = 'template0'",
        'DROP DATABASE template0',
        'CHECKPOINT',
      ]) {
        await database.raw.query(text);
      }
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, await database.dumpDataDir!());
      renameSync(tmp, file);
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const dir = path.dirname(file);
  const prefix = `${path.basename(initdbTemplate, '.tar')}-migrated-`;
  for (const entry of readdirSync(dir)) {
    const other = path.join(dir, entry);
    if (!entry.startsWith(prefix) || other === file) continue;
    try {
      if (Date.now() - statSync(other).mtimeMs > STALE_SNAPSHOT_MS) rmSync(other, { force: true });
    } catch {
      // removed by another worker
    }
  }
  return file;
}

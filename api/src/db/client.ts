import path from 'node:path';
import { existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { statementTrace, traceClient } from './trace';
import { ConfigError, type AppConfig } from '../config';

/** Drizzle's query builder on either driver (no relational `db.query`: the domains' tables are passed to each query). */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The transaction handle Drizzle passes to `db.transaction(fn)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw access for the migrator: run one SQL file, optionally inside a transaction, under a lock. */
export interface RawDb {
  driver: 'pglite' | 'pg';
  /** A raw query; `name` makes it a server-side prepared statement on PostgreSQL (hot paths). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  /**
   * Runs `fn` in one transaction on one connection: committed when `fn` resolves, rolled back when it throws. The
   * typed queries' transaction (db/typed.ts): its statements are named, unlike those of Drizzle's `db.transaction`.
   */
  transaction<T>(fn: (tx: RawTx) => Promise<T>): Promise<T>;
  /** The schema the tables live in (`DATABASE_SCHEMA`, else public). */
  schema: string;
  /**
   * LISTEN on a channel. `ready` runs once notifications flow (again); `lost` when some may have been missed
   * (connection lost; it reconnects by itself). Stopped by `close()`.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<void>;
  /** Runs `fn` with exclusive access (advisory lock on PostgreSQL; PGlite is single-connection anyway). */
  exclusive<T>(
    fn: (run: (sqlText: string) => Promise<void>, inTx: (sqlText: string) => Promise<void>) => Promise<T>,
  ): Promise<T>;
  /**
   * Runs `fn` unless another node runs the job `name` right now (`ran: false` then, at once): a PostgreSQL session
   * advisory lock per schema and name, held on a connection of its own while `fn` runs. A node that dies
   * mid-job loses its connection and with it the lock, so the next node's turn runs the job. PGlite: one process,
   * always runs.
   */
  tryExclusive<T>(name: string, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** The connection pool's use (PostgreSQL), for the metrics; null on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
}

/** One transaction's connection: raw queries on it (named statements on PostgreSQL) until it commits. */
export interface RawTx {
  driver: 'pglite' | 'pg';
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  ready(): void;
  lost(): void;
}

export interface Database {
  db: Db;
  raw: RawDb;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tar (tests keep a migrated one to start from: testing/db-template.ts). */
  dumpDataDir?(): Promise<Buffer>;
}

const MIGRATION_LOCK_KEY = 727_001;
/** First half of the two-key advisory lock of a background job (the second is a hash of schema and job name). */
export const JOB_LOCK_CLASS = 727_002;

/** A 32-bit signed hash (FNV-1a) of a job's schema and name: the lock's second key. */
export function jobLockKey(schemaName: string, name: string): number {
  let hash = 0x811c9dc5;
  for (const ch of `${schemaName}:${name}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
/** The LISTEN connection proves itself alive this often, and must answer within the timeout. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

export async function openDatabase(config: AppConfig): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.dbSchema);
  return openPglite(config.inMemoryDb ? undefined : path.join(config.dataDir, 'db'), config.pgliteTemplate);
}

/**
 * PGlite files are one process's alone: two servers on one DATA_DIR silently lost data. The
 * directory must be writable and is locked (proper-lockfile: a `db.lock` folder kept fresh while we run, stale
 * after 10 s when a process died); a second process stops with a clear message instead of a wasm error.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (err) {
    throw new ConfigError(
      `DATA_DIR is not writable: ${dir} (${(err as NodeJS.ErrnoException).code ?? String(err)}). ` +
        'Point DATA_DIR at a writable folder, or set DATABASE_URL.',
    );
  }
  const lockfile = await import('proper-lockfile');
  try {
    return await lockfile.lock(dir, {
      stale: 10_000,
      update: 2_000,
      // A process killed with -9 leaves its lock behind until it is stale (10 s): a restart right after a crash
      // waits that long instead of refusing; a process that really runs keeps the lock fresh and is refused.
      retries: { retries: 8, factor: 1.4, minTimeout: 1_000, maxTimeout: 3_000 },
      realpath: false,
      // Lost the lock (clock jump, deleted lock folder): another process may start writing; stop rather than race.
      onCompromised: (err) => {
        console.error(`lost the lock on ${dir}: ${err.message}; stopping`);
        process.exit(1);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new ConfigError(
        `DATA_DIR ${path.dirname(dir)} is in use by another process: its database (${dir}) is locked by a ` +
          'running server or command. Stop it first, or give this one its own DATA_DIR.',
      );
    }
    throw err;
  }
}

async function openPglite(dir: string | undefined, template?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const unlock = dir ? await lockDataDir(dir) : null;
  const dump = !dir && template && existsSync(template) ? readFileSync(template) : null;
  const client = dir ? new PGlite(dir) : dump ? new PGlite({ loadDataDir: new Blob([dump]) }) : new PGlite();
  await client.waitReady;
  if (!dir && template && !dump) {
    // First use: save the fresh cluster; write-then-rename so parallel test workers never read half a file.
    const tmp = `${template}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    renameSync(tmp, template);
  }
  const db = drizzle({ client }) as unknown as Db;
  const raw: RawDb = {
    driver: 'pglite',
    schema: 'public',
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query(text, params)).rows as T[];
    },
    transaction(fn) {
      return client.transaction((tx) =>
        fn({
          driver: 'pglite',
          query: async <T>(text: string, params?: unknown[]) => (await tx.query(text, params)).rows as T[],
        }),
      );
    },
    async listen(channel, handlers) {
      // One in-process database: notifications cannot be lost.
      await client.listen(channel, (payload) => handlers.notify(payload));
      handlers.ready();
    },
    async exclusive(fn) {
      return fn(
        async (text) => {
          await client.exec(text);
        },
        async (text) => {
          await client.transaction(async (tx) => {
            await tx.exec(text);
          });
        },
      );
    },
    async tryExclusive(_name, fn) {
      return { ran: true, value: await fn() };
    },
    poolStats: () => null,
  };
  return {
    db,
    raw,
    async close() {
      await client.close();
      await unlock?.();
    },
    async dumpDataDir() {
      return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    },
  };
}

async function openPostgres(url: string, dbSchema: string | undefined): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  if (dbSchema && !/^[a-z_][a-z0-9_]*$/.test(dbSchema)) throw new Error(`invalid schema name ${dbSchema}`);
  if (dbSchema) {
    const admin = new pg.default.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${dbSchema}`);
    } catch (error) {
      // Nodes starting at the same time: `IF NOT EXISTS` does not guard against a concurrent create, the second
      // fails on pg_namespace's unique index (23505) or as a duplicate schema (42P06). The schema is there.
      const code = (error as { code?: string }).code;
      if (code !== '23505' && code !== '42P06') throw error;
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.default.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_MAX ?? 20),
    ...(dbSchema ? { options: `-c search_path=${dbSchema}` } : {}),
  });
  // An idle connection that breaks (the database restarted, the network cut) must not end the process: the next
  // query that needs one opens a new connection or fails with its own error (and /readyz says so).
  pool.on('error', () => undefined);
  // The same for a connection that is checked out (a transaction holds it): the pool listens only to idle ones, and
  // an 'error' nobody listens to ends the process. The statement in flight fails with its own error (rolled back by
  // the server), and the pool drops the broken connection when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (statementTrace.enabled) pool.on('connect', (client) => traceClient(client as never));
  const db = drizzle({ client: pool }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  const raw: RawDb = {
    driver: 'pg',
    schema: dbSchema ?? 'public',
    async listen(channel, handlers) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
      // A connection of its own, outside the pool, for as long as the database is open.
      let current: InstanceType<typeof pg.default.Client> | null = null;
      let retry: NodeJS.Timeout | undefined;
      let heartbeat: NodeJS.Timeout | undefined;
      let stopped = false;
      const again = () => {
        if (!stopped) retry = setTimeout(() => void connect(), 1000);
      };
      const connect = async () => {
        const conn = new pg.default.Client({
          connectionString: url,
          application_name: `listen ${channel} ${dbSchema ?? 'public'}`,
          keepAlive: true,
          query_timeout: HEARTBEAT_TIMEOUT_MS,
        });
        conn.on('notification', (msg) => {
          if (msg.channel === channel) handlers.notify(msg.payload ?? '');
        });
        conn.on('error', () => undefined); // followed by 'end'
        conn.on('end', () => {
          if (current !== conn) return;
          current = null;
          clearInterval(heartbeat);
          handlers.lost();
          again();
        });
        try {
          await conn.connect();
          await conn.query(`LISTEN ${channel}`);
          current = conn;
          // A connection can also hang without closing (network): a heartbeat that does not come back in time
          // ends it, so `lost` runs and nothing is trusted that may have missed notifications.
          heartbeat = setInterval(() => {
            conn.query('SELECT 1').catch(() => void conn.end().catch(() => undefined));
          }, HEARTBEAT_MS);
          heartbeat.unref();
          handlers.ready();
        } catch {
          conn.end().catch(() => undefined);
          handlers.lost();
          again();
        }
      };
      listeners.add(async () => {
        stopped = true;
        clearTimeout(retry);
        clearInterval(heartbeat);
        const conn = current;
        current = null;
        await conn?.end();
      });
      await connect();
    },
    async query<T>(text: string, params?: unknown[], name?: string) {
      return (await pool.query(name ? { name, text, values: params } : { text, values: params })).rows as T[];
    },
    async transaction(fn) {
      const conn = await pool.connect();
      // A connection whose ROLLBACK failed is closed, never handed back to the pool in a transaction.
      let broken: Error | undefined;
      try {
        await conn.query('BEGIN');
        const value = await fn({
          driver: 'pg',
          query: async <T>(text: string, params?: unknown[], name?: string) =>
            (await conn.query(name ? { name, text, values: params } : { text, values: params })).rows as T[],
        });
        await conn.query('COMMIT');
        return value;
      } catch (err) {
        await conn.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
        throw err;
      } finally {
        conn.release(broken);
      }
    },
    async exclusive(fn) {
      const conn = await pool.connect();
      try {
        // Two nodes starting at once: the second waits here and then finds the migrations applied.
        await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn(
          async (text) => {
            await conn.query(text);
          },
          async (text) => {
            await conn.query('BEGIN');
            try {
              await conn.query(text);
              await conn.query('COMMIT');
            } catch (err) {
              await conn.query('ROLLBACK');
              throw err;
            }
          },
        );
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    async tryExclusive(name, fn) {
      const key = jobLockKey(dbSchema ?? 'public', name);
      const conn = await pool.connect();
      // Nothing runs on this connection while `fn` does: a break would otherwise be an unhandled 'error'.
      let broken: Error | undefined;
      const onError = (err: Error) => (broken = err);
      conn.on('error', onError);
      try {
        const [row] = (
          await conn.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
            JOB_LOCK_CLASS,
            key,
          ])
        ).rows;
        if (!row?.locked) return { ran: false };
        try {
          return { ran: true, value: await fn() };
        } finally {
          if (!broken) {
            await conn
              .query('SELECT pg_advisory_unlock($1, $2)', [JOB_LOCK_CLASS, key])
              .catch((err: Error) => (broken = err));
          }
        }
      } catch (err) {
        broken ??= err as Error;
        throw err;
      } finally {
        conn.off('error', onError);
        // A broken connection (and the session lock with it) is closed, never handed back to the pool.
        conn.release(broken);
      }
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
  };
  return {
    db,
    raw,
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

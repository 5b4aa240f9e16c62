// Where one test app's set-up goes (docs/adr/0034-test-suite-time.md): the phases of createTestApp, timed ROUNDS
// times (median wall and this process's CPU; PostgreSQL's own work shows in the wall time only).
//   npx tsx api/src/testing/setup-cost.ts                      PGlite, migrated per file (as before the templates)
//   TPL=1 npx tsx api/src/testing/setup-cost.ts                PGlite from the migrated snapshot
//   DATABASE_URL=postgres://… [TPL=1] npx tsx api/src/testing/setup-cost.ts
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../db/client';
import { migrate, listMigrations, defaultMigrationsDir } from '../db/migrate';
import { configFromEnv } from '../config';
import { buildApp } from '../app';
import { seedIfEmpty } from '../seed/demo';
import { createPgTestDatabase, migratedPgliteTemplate } from './db-template';

const V = JSON.parse(
  readFileSync(
    path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'),
    'utf8',
  ),
).version;
async function main() {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const useTpl = process.env.TPL === '1';
  const rounds = Number(process.env.ROUNDS ?? 3);
  console.log(
    'migration files:',
    listMigrations(defaultMigrationsDir()).length,
    useTpl ? 'template' : 'from scratch',
    serverUrl ? 'postgres' : 'pglite',
  );
  const initdb = path.join(os.tmpdir(), `api-test-pglite-${V}.tar`);
  if (useTpl && !serverUrl) await migratedPgliteTemplate(initdb);
  if (useTpl && serverUrl) await (await createPgTestDatabase(serverUrl)).drop();
  const sums: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'measure-'));
    let t = performance.now();
    let c = process.cpuUsage();
    const mark = (label: string) => {
      const n = performance.now();
      const cu = process.cpuUsage(c);
      (sums[label] ??= []).push(n - t, (cu.user + cu.system) / 1000);
      t = n;
      c = process.cpuUsage();
    };
    let own = null as Awaited<ReturnType<typeof createPgTestDatabase>> | null;
    let url = serverUrl,
      dbSchema = serverUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
    if (useTpl && serverUrl) {
      own = await createPgTestDatabase(serverUrl);
      url = own.url;
      dbSchema = own.schema;
    }
    const tpl = useTpl && !serverUrl ? await migratedPgliteTemplate(initdb) : initdb;
    mark('copy db');
    const database = await openDatabase(
      configFromEnv({}, { databaseUrl: url, dbSchema, inMemoryDb: true, pgliteTemplate: tpl, dataDir }),
    );
    mark('open');
    await migrate(database.raw);
    mark('migrate');
    let seedMs = 0;
    const logger = {
      level: 'info',
      stream: {
        write: (s: string) => {
          const m = JSON.parse(s);
          if (m.msg === 'demo data seeded') seedMs = m.ms;
        },
      },
    };
    const app = await buildApp({
      env: {},
      logger,
      database,
      dataDir,
      databaseUrl: url,
      dbSchema,
      inMemoryDb: true,
      embedded: !url,
      port: 80,
      seedDemo: { profiles: 30, images: false, account: true },
      seed: seedIfEmpty,
      appSecret: 'test-app-secret-0123456789abcdef0123456789',
    });
    (sums['  seed (wall)'] ??= []).push(seedMs, NaN);
    mark('build+seed');
    await app.close();
    await database.close();
    mark('app close');
    if (own) await own.drop();
    else if (url) {
      const pg = await import('pg');
      const cl = new pg.default.Client({ connectionString: url });
      await cl.connect();
      await cl.query(`DROP SCHEMA ${dbSchema} CASCADE`);
      await cl.end();
    }
    mark('drop db');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('phase         wall ms (median)  process cpu ms (median)');
  const med = (a: number[]) => {
    const s = a.filter((x) => !isNaN(x)).sort((x, y) => x - y);
    return s.length ? s[Math.floor(s.length / 2)]!.toFixed(0) : '-';
  };
  let tw = 0;
  for (const [k, v] of Object.entries(sums)) {
    const w = v.filter((_, i) => i % 2 === 0),
      cpu = v.filter((_, i) => i % 2 === 1);
    if (!k.startsWith(' ')) tw += Number(med(w));
    console.log(`${k.padEnd(14)} ${med(w).padStart(8)} ${med(cpu).padStart(12)}`);
  }
  console.log(`total (sum of medians) ${tw}`);
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);

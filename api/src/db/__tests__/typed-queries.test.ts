import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../client';
import { migrate } from '../migrate';
import { declaredQueries, defineQueries, defineQuery, many, one, pg as t, run, type Query } from '../typed';
import type { AppConfig } from '../../config';

// Every typed query (db/typed.ts, docs/adr/0040-typed-sql-not-the-query-builder.md) against the migrated schema:
// PostgreSQL's description of the statement (PGlite's describeQuery: the Parse and Describe of the extended
// protocol, nothing executed) must name exactly the declared parameter types, and the declared columns with their
// types, in order. A renamed column, a changed type or a typo in the SQL fails here, not in production.

const SRC = path.resolve(__dirname, '..', '..');

/** Every api source file that declares typed queries, loaded so that its queries are registered. */
async function loadDeclaringModules(): Promise<string[]> {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__' && entry.name !== 'testing') walk(full);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        if (/from '(\.\.\/)+db\/typed'|from '\.\/typed'/.test(fs.readFileSync(full, 'utf8')))
          found.push(full);
      }
    }
  };
  walk(SRC);
  for (const file of found) await import(file);
  return found.map((file) => path.relative(SRC, file));
}

const memoryConfig = { inMemoryDb: true, dataDir: '/nonexistent' } as AppConfig;

// Declared by the test itself: the Drizzle-transaction path splits `$n` into parameters (two digits, repeats, an
// array) and must give the same rows as the driver.
const echoQuery = defineQuery({
  name: 'typed_test_echo',
  text: `SELECT $1::int AS a, $2::text AS b, $1::int + $10::int AS c, cardinality($3::int[]) AS n,
    $4::text AS d, $5::int AS e, $6::int AS f, $7::int AS g, $8::int AS h, $9::int AS i`,
  params: [t.int, t.text, t.intArray, t.text.nullable(), t.int, t.int, t.int, t.int, t.int, t.int],
  columns: {
    a: t.int,
    b: t.text,
    c: t.int,
    n: t.int,
    d: t.text.nullable(),
    e: t.int,
    f: t.int,
    g: t.int,
    h: t.int,
    i: t.int,
  },
});

// And a write, to see `raw.transaction` commit and roll back (the table is made by the test, in its own database).
const noteQuery = defineQuery({
  name: 'typed_test_note',
  text: `INSERT INTO typed_test_notes (n) VALUES ($1) RETURNING n`,
  params: [t.int],
  columns: { n: t.int },
});
const notesQuery = defineQuery({
  name: 'typed_test_notes',
  text: `SELECT count(*)::int AS count FROM typed_test_notes`,
  params: [],
  columns: { count: t.int },
});
const NOTES_TABLE = 'CREATE TABLE typed_test_notes (n int NOT NULL)';

// A family: SQL that inlines its argument, one named statement per key; its samples are described like the rest.
const scopedQuery = defineQueries({
  name: 'typed_test_scoped',
  text: (add: number) => `SELECT $1::int + ${add} AS v`,
  key: (add) => `plus${add}`,
  samples: [1, 2],
  params: [t.int],
  columns: { v: t.int },
});

describe('typed queries', () => {
  let database: Database;
  let client: PGlite;
  let typnames: Map<number, string>;
  let modules: string[];

  beforeAll(async () => {
    modules = await loadDeclaringModules();
    database = await openDatabase(memoryConfig);
    await migrate(database.raw);
    await database.raw.query(NOTES_TABLE);
    client = (database.db as unknown as { $client: PGlite }).$client;
    const types = await database.raw.query<{ oid: number; typname: string }>(
      'SELECT oid::int, typname FROM pg_type',
    );
    typnames = new Map(types.map((row) => [row.oid, row.typname]));
  }, 60_000);

  afterAll(() => database?.close());

  test('the modules that declare them are found', () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        path.join('domains', 'accounts', 'sessions.ts'),
        path.join('domains', 'accounts', 'service', 'dismissals.ts'),
      ]),
    );
    const names = declaredQueries().map((q) => q.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'session_lookup',
        'user_by_id',
        'dismissals_list',
        'typed_test_echo',
        'typed_test_scoped_plus1',
        'typed_test_scoped_plus2',
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  test('each one is what the database says it is: parameter types, column names and types', async () => {
    const differences: string[] = [];
    for (const query of declaredQueries()) {
      const described = await client.describeQuery(query.text).catch((err: Error) => err);
      if (described instanceof Error) {
        differences.push(`${query.name}: ${described.message}`);
        continue;
      }
      const params = described.queryParams.map((p) => typnames.get(p.dataTypeID));
      const declaredParams = query.params.map((p) => p.typname);
      if (JSON.stringify(params) !== JSON.stringify(declaredParams)) {
        differences.push(
          `${query.name} parameters: database ${params.join(', ')}; declared ${declaredParams.join(', ')}`,
        );
      }
      const columns = described.resultFields.map((f) => `${f.name} ${typnames.get(f.dataTypeID)}`);
      const declaredColumns = Object.entries(query.columns).map(([name, type]) => `${name} ${type.typname}`);
      if (JSON.stringify(columns) !== JSON.stringify(declaredColumns)) {
        differences.push(
          `${query.name} columns: database ${columns.join(', ')}; declared ${declaredColumns.join(', ')}`,
        );
      }
    }
    expect(differences).toEqual([]);
  });

  test('a declaration that does not match is caught', async () => {
    const wrong: Query = { ...echoQuery, name: 'typed_test_wrong', columns: { a: t.text } };
    const described = await client.describeQuery(wrong.text);
    expect(typnames.get(described.resultFields[0]!.dataTypeID)).not.toBe(wrong.columns.a!.typname);
  });

  async function sameOnEveryRunner(db: Database) {
    const values = [7, 'x', [1, 2, 3], null, 5, 6, 7, 8, 9, 10] as const;
    const expected = { a: 7, b: 'x', c: 17, n: 3, d: null, e: 5, f: 6, g: 7, h: 8, i: 9 };
    expect(await one(db.raw, echoQuery, ...values)).toEqual(expected);
    expect(await one(db.db, echoQuery, ...values)).toEqual(expected);
    expect(await db.db.transaction((tx) => many(tx, echoQuery, ...values))).toEqual([expected]);
    expect(await db.raw.transaction((tx) => many(tx, echoQuery, ...values))).toEqual([expected]);
    expect(scopedQuery(3)).toBe(scopedQuery(3));
    expect(await one(db.raw, scopedQuery(3), 4)).toEqual({ v: 7 });
    // raw.transaction: committed when the function resolves, nothing kept when it throws.
    const before = (await one(db.raw, notesQuery))!.count;
    await expect(
      db.raw.transaction(async (tx) => {
        await run(tx, noteQuery, 1);
        expect((await one(tx, notesQuery))!.count).toBe(before + 1);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await one(db.raw, notesQuery))!.count).toBe(before);
    expect(await db.raw.transaction((tx) => one(tx, noteQuery, 2))).toEqual({ n: 2 });
    expect((await one(db.raw, notesQuery))!.count).toBe(before + 1);
  }

  test('the driver, its transaction, the Drizzle database and a Drizzle transaction run it alike (PGlite)', async () => {
    await sameOnEveryRunner(database);
  });

  const onPostgres = process.env.DATABASE_URL ? test : test.skip;
  onPostgres(
    'the driver, its transaction, the Drizzle database and a Drizzle transaction run it alike (PostgreSQL)',
    async () => {
      const schema = `test_typed_${crypto.randomBytes(5).toString('hex')}`;
      const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dbSchema: schema } as AppConfig);
      try {
        await db.raw.query(NOTES_TABLE);
        await sameOnEveryRunner(db);
        // Named: the second run of the same statement on a connection reuses it (a duplicate name would throw).
        await run(db.raw, echoQuery, ...([1, 'y', [], 'd', 1, 1, 1, 1, 1, 1] as const));
      } finally {
        await db.close();
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
    },
  );
});

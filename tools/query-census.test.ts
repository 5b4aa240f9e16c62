// The rule of ADR 0040 (docs/adr/0040-typed-sql-not-the-query-builder.md): new queries are typed SQL
// (api/src/db/typed.ts); the untyped ones (`sql` template statements, `raw.query` calls, query-builder statements)
// only go down. Counted by tools/query-census.mjs from the syntax tree of api/src.
import path from 'node:path';

type Counts = {
  statements: number;
  rawQuery: number;
  builder: number;
  typed: number;
};
type Census = {
  total: Counts;
  perFile: Map<string, Counts>;
  perArea: Map<string, Counts>;
};
type CensusModule = {
  census(): Census;
  countFile(text: string, fileName?: string): Counts & { fragments: number; rowTypes: number };
};

/**
 * The untyped statements of api/src (all domains, the layers and the seed together) when the rule was made. Lower it
 * when you convert queries (`node tools/query-census.mjs` prints the figures per domain); it must never go up. One
 * number for the whole api, not one per domain: moving a query from one domain to another (as the domains' owners
 * do) is not a new query.
 */
const UNTYPED_MAX = 392;

const untyped = (c: Counts) => c.statements + c.rawQuery + c.builder;

let mod: CensusModule;
beforeAll(async () => {
  mod = (await import(path.join(__dirname, 'query-census.mjs'))) as CensusModule;
});

test('the api has no more untyped statements than the ratchet allows', () => {
  const { total, perArea } = mod.census();
  const areas = [...perArea.entries()].map(([area, c]) => `${area}: ${untyped(c)}`).join(', ');
  if (untyped(total) > UNTYPED_MAX) {
    throw new Error(
      `${untyped(total)} untyped statements in api/src (sql\` statements ${total.statements}, raw.query ` +
        `${total.rawQuery}, query builder ${total.builder}), the ratchet allows ${UNTYPED_MAX}. Write new queries ` +
        `with api/src/db/typed.ts (ADR 0040). Per area: ${areas}`,
    );
  }
  expect(untyped(total)).toBeLessThanOrEqual(UNTYPED_MAX);
});

// A file is converted whole, so that its queries read one way. Every statement can be typed: a typed query runs on
// `raw`, in `raw.transaction` and inside a Drizzle transaction (`many(tx, query, …)`) alike.
test('a file with typed queries has only typed queries', () => {
  const mixed = [...mod.census().perFile.entries()]
    .filter(([, c]) => c.typed > 0 && untyped(c) > 0)
    .map(
      ([file, c]) =>
        `${file}: ${untyped(c)} untyped (sql\` statements ${c.statements}, raw.query ${c.rawQuery}, builder ` +
        `${c.builder}) beside ${c.typed} typed; declare the rest with defineQuery (api/src/db/typed.ts, ADR 0040)`,
    );
  expect(mixed).toEqual([]);
});

test('the census counts each way of writing a query', () => {
  const counts = mod.countFile(`
    import { sql } from 'drizzle-orm';
    import { likes } from './tables';
    import { defineQuery, pg } from '../../db/typed';
    const q = defineQuery({ name: 'x', text: 'SELECT 1 AS one', params: [], columns: { one: pg.int } });
    async function f(db, raw, tx) {
      await rows<{ id: number }>(db, sql\`SELECT id FROM likes WHERE \${sql\`user_id = \${1}\`}\`);
      await raw.query<{ id: number }>('SELECT 1', [], 'one');
      await tx.insert(likes).values({});
      await db.select().from(likes);
      await db.delete(likes);
      new Map().delete(likes.id);
    }
  `);
  expect(counts).toMatchObject({
    statements: 1,
    fragments: 1,
    rawQuery: 1,
    builder: 3,
    typed: 1,
    rowTypes: 2,
  });
});

import { sql, type SQL } from 'drizzle-orm';
import type { Db, RawDb, RawTx, Tx } from './client';

// Typed SQL (docs/adr/0040-typed-sql-not-the-query-builder.md): a query is its SQL text (numbered parameters,
// as PostgreSQL takes them), a statement name, and the PostgreSQL types of its parameters and result columns,
// declared once; the TypeScript types of the parameters and of a row come from those declarations, and
// `typed-queries.test.ts` checks every declared query against the migrated database (PostgreSQL's own description
// of the statement: each parameter's type, each column's name and type). On `raw`, on Drizzle's database and in
// `raw.transaction` it is a named prepared statement on PostgreSQL (`raw.query(text, params, name)`); inside a
// Drizzle transaction (`db.transaction`, for code that composes with Drizzle's `tx`) it goes through Drizzle's
// execute on that transaction's connection, unnamed.

/** A PostgreSQL type as the database names it (`pg_type.typname`) and the TypeScript type a value of it reads as. */
export class PgType<T> {
  declare readonly value: T;
  constructor(
    readonly typname: string,
    readonly isNullable = false,
  ) {}
  /** The same type, NULL allowed (the database's description does not say whether a column can be NULL). */
  nullable(): PgType<T | null> {
    return new PgType<T | null>(this.typname, true);
  }
  /** The same type, narrowed to the values the schema allows (a CHECK constraint, an enumeration in text). */
  of<U extends T>(): PgType<U> {
    return this as unknown as PgType<U>;
  }
}

/**
 * The types the api reads and writes. Timestamps and dates read as `Date | string` and bigint as `number |
 * string`: node-postgres gives `Date` and `string`, PGlite `Date` and `number`, and a Drizzle transaction hands
 * timestamps back as text.
 */
export const pg = {
  int: new PgType<number>('int4'),
  smallint: new PgType<number>('int2'),
  bigint: new PgType<number | string>('int8'),
  text: new PgType<string>('text'),
  bool: new PgType<boolean>('bool'),
  timestamptz: new PgType<Date | string>('timestamptz'),
  date: new PgType<Date | string>('date'),
  intArray: new PgType<readonly number[]>('_int4'),
  textArray: new PgType<readonly string[]>('_text'),
  /** jsonb[]: each element JSON text (`JSON.stringify`), as node-postgres and PGlite send a string array. */
  jsonbArray: new PgType<readonly string[]>('_jsonb'),
  jsonb: new PgType<unknown>('jsonb'),
};

type Columns = Record<string, PgType<unknown>>;
type Params = readonly PgType<unknown>[];

/** A row: each declared column with its TypeScript type. */
export type RowOf<C extends Columns> = { [K in keyof C]: C[K]['value'] };
/** The parameters, in order. */
export type ParamsOf<P extends Params> = { [K in keyof P]: P[K] extends PgType<infer T> ? T : never };

export interface Query<P extends Params = Params, C extends Columns = Columns> {
  /** The prepared statement's name on PostgreSQL: unique, one per text. */
  readonly name: string;
  readonly text: string;
  readonly params: P;
  readonly columns: C;
}

/** What a typed query runs on: the raw driver or its transaction (named statements), Drizzle's database or transaction. */
export type Runner = RawDb | RawTx | Db | Tx;

const declared = new Map<string, Query>();
const families: { name: string; samples: () => Query[] }[] = [];

function register<Q extends Query>(query: Q): Q {
  const other = declared.get(query.name);
  if (other && other.text !== query.text) throw new Error(`two typed queries named ${query.name}`);
  declared.set(query.name, query);
  return query;
}

/** A query whose text is fixed. */
export function defineQuery<const P extends Params, const C extends Columns>(spec: {
  name: string;
  text: string;
  params: P;
  columns: C;
}): Query<P, C> {
  if (!/^[a-z][a-z0-9_]*$/.test(spec.name)) throw new Error(`bad query name ${spec.name}`);
  return register({ ...spec });
}

/**
 * Queries whose text depends on an argument the SQL inlines (a site's scope: `visibleOnSite`), one named statement
 * per `key(arg)`, made on first use. `samples` are the arguments the test describes the statement with.
 */
export function defineQueries<A, const P extends Params, const C extends Columns>(spec: {
  name: string;
  text: (arg: A) => string;
  key: (arg: A) => string;
  samples: readonly A[];
  params: P;
  columns: C;
}): (arg: A) => Query<P, C> {
  if (!/^[a-z][a-z0-9_]*$/.test(spec.name)) throw new Error(`bad query name ${spec.name}`);
  const made = new Map<string, Query<P, C>>();
  const of = (arg: A) => {
    const key = spec.key(arg);
    let query = made.get(key);
    if (!query) {
      if (!/^[a-z0-9_]+$/.test(key)) throw new Error(`bad key ${key} of the queries ${spec.name}`);
      query = {
        name: `${spec.name}_${key}`,
        text: spec.text(arg),
        params: spec.params,
        columns: spec.columns,
      };
      made.set(key, query);
    }
    return query;
  };
  families.push({ name: spec.name, samples: () => spec.samples.map(of) });
  return of;
}

/** Every query declared so far (each family with its samples), for the test that checks them. */
export function declaredQueries(): Query[] {
  return [...declared.values(), ...families.flatMap((family) => family.samples())];
}

const isRaw = (on: Runner): on is RawDb | RawTx =>
  'driver' in on && typeof (on as RawTx).query === 'function';

/** The driver under a Drizzle database (not a transaction): node-postgres' pool, or PGlite. */
type Client =
  | { describeQuery: unknown; query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> }
  | { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };

async function onClient(client: Client, query: Query, values: unknown[]): Promise<unknown[]> {
  // PGlite has no statement names (it parses every statement anyway); node-postgres prepares it once per connection.
  if ('describeQuery' in client) return (await client.query(query.text, values)).rows;
  return (await client.query({ name: query.name, text: query.text, values })).rows;
}

/**
 * `text` with `$n` placeholders as a Drizzle statement (inside a Drizzle transaction only; each value one
 * parameter). Every `$n` in the text is taken for a parameter, so the SQL must not hold one in a string literal.
 */
function asSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** Every row the query returns. */
export async function many<P extends Params, C extends Columns>(
  on: Runner,
  query: Query<P, C>,
  ...values: ParamsOf<P>
): Promise<RowOf<C>[]> {
  if (isRaw(on)) return on.query<RowOf<C>>(query.text, [...values], query.name);
  // Drizzle's database (not a transaction) keeps its driver in `$client`: the same named statement as raw.query.
  const client = (on as { $client?: Client }).$client;
  if (client) return (await onClient(client, query, [...values])) as RowOf<C>[];
  const result = (await on.execute(asSql(query.text, values))) as unknown as { rows: RowOf<C>[] };
  return result.rows;
}

/** The first row, if any. */
export async function one<P extends Params, C extends Columns>(
  on: Runner,
  query: Query<P, C>,
  ...values: ParamsOf<P>
): Promise<RowOf<C> | undefined> {
  return (await many(on, query, ...values))[0];
}

/** Runs a query for its effect (a write without RETURNING). */
export async function run<P extends Params, C extends Columns>(
  on: Runner,
  query: Query<P, C>,
  ...values: ParamsOf<P>
): Promise<void> {
  await many(on, query, ...values);
}

#!/usr/bin/env node
// What a query costs through each of the api's three ways of writing one (ADR 0040): for four queries of the hot
// paths, the per-call CPU of the node and of the PostgreSQL backend and the latency of
//   a) `template`:  today's `sql` template through Drizzle's execute (db/sql.ts `rows`/`first`, `tx.execute`);
//   b) `builder`:   the Drizzle query builder on the domains' tables.ts (typed from them);
//   b') `builder, prepared`: the same built once, `.prepare(name)` (a named statement on PostgreSQL);
//   c) `driver`:    the driver itself (node-postgres `query` with a statement name, PGlite `query`), as the hot
//                   paths' `raw.query(text, params, name)` do; `driver, unnamed` the same without the name;
//   d) `typed`:     the typed SQL layer ADR 0040 chose (api/src/db/typed.ts) on `raw`, a named statement; the send
//                   in `raw.transaction` (named statements) and in a Drizzle transaction (Drizzle's execute, unnamed).
// The queries: a member's profile by id (profile-cache's SQL), a chat send's writes (message insert, balance
// debit guarded by `credits >= c`, ledger row; one transaction), a member search page (members.ts' page SQL
// for gender + country) and a ledger sum. One connection (PG_POOL_MAX=1), calls one after another, so the
// backend's CPU (/proc of its pid) is this work's alone; the variants take turns in every round.
// Also: what `tables.ts` mirrors of the migrated schema (tables, columns, types, NOT NULL).
//   node tools/bench/query-layer.mjs                      (PostgreSQL at DATABASE_URL, then PGlite)
//   BENCH_BACKENDS=pg BENCH_CALLS=3000 BENCH_ROUNDS=5 BENCH_ONLY=send node tools/bench/query-layer.mjs
//   BENCH_SMOKE=1 node tools/bench/query-layer.mjs        (seconds)
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { register } from 'tsx/cjs/api';
import {
  DATABASE_URL,
  SMOKE,
  describeLoad,
  dropSchema,
  loadWatch,
  machine,
  main,
  newSchema,
  percentile,
} from './lib/bench-env.mjs';

register();
const require = createRequire(import.meta.url);

const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pg,pglite').split(',').filter(Boolean);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? (SMOKE ? 1 : 3)));
const CALLS = { pg: Number(process.env.BENCH_CALLS ?? (SMOKE ? 30 : 2000)) };
CALLS.pglite = Number(process.env.BENCH_PGLITE_CALLS ?? (SMOKE ? 10 : Math.max(10, CALLS.pg / 5)));
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? (SMOKE ? 200 : 5000));
/** BENCH_ONLY=send,search: only the queries whose name contains one of these words (the build figures always). */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const CLOCK_TICK_US = 1e6 / 100;

/** User + system CPU of a process in µs, or NaN when /proc does not show it (a database on another machine). */
function procCpu(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
  } catch {
    return NaN;
  }
}

function api() {
  const { openDatabase } = require('../../api/src/db/client.ts');
  const { migrate } = require('../../api/src/db/migrate.ts');
  const { rows, first } = require('../../api/src/db/sql.ts');
  // Every table of the Drizzle mirror: each domain's tables.ts and db/schema's files (not a barrel that may move).
  const schema = {};
  const domains = new URL('../../api/src/domains/', import.meta.url);
  for (const name of fs.readdirSync(domains)) {
    const file = new URL(`${name}/tables.ts`, domains);
    if (fs.existsSync(file)) Object.assign(schema, require(file.pathname));
  }
  const platform = new URL('../../api/src/db/schema/', import.meta.url);
  for (const name of fs.readdirSync(platform).filter((f) => f.endsWith('.ts'))) {
    Object.assign(schema, require(new URL(name, platform).pathname));
  }
  const { PROFILE_COLUMNS, PROFILE_FROM } = require('../../api/src/domains/members/profiles.ts');
  const { visibleOnSite } = require('../../api/src/domains/members/site-scope.ts');
  const typed = require('../../api/src/db/typed.ts');
  // drizzle-orm is the api's dependency: resolved from there, the same copy the api's files load.
  const apiRequire = createRequire(new URL('../../api/package.json', import.meta.url));
  const orm = apiRequire('drizzle-orm');
  const pgCore = apiRequire('drizzle-orm/pg-core');
  return {
    openDatabase,
    migrate,
    rows,
    first,
    schema,
    PROFILE_COLUMNS,
    PROFILE_FROM,
    visibleOnSite,
    orm,
    pgCore,
    typed,
  };
}

async function seed(raw) {
  const [company] = await raw.query(`INSERT INTO companies (name) VALUES ('Bench') RETURNING id`);
  const [site] = await raw.query(
    `INSERT INTO sites (company_id, host, name, domain) VALUES ($1, 'bench.localhost', 'Bench', 'bench.localhost')
     RETURNING id, niche`,
    [company.id],
  );
  await raw.query(
    `WITH u AS (
       INSERT INTO users (site_id, email, password_hash, status)
       SELECT $1, 'm' || g || '@example.org', 'x', 'confirmed' FROM generate_series(1, $2::int) g RETURNING id)
     INSERT INTO profiles (user_id, name, gender, sexuality, date_of_birth, country, region, about)
     SELECT id, 'Member ' || id, CASE WHEN id % 2 = 0 THEN 'female' ELSE 'male' END, 'hetero',
            date '1970-01-01' + (id % 10000), (ARRAY['NL', 'BE', 'DE'])[1 + id % 3], 'Utrecht', 'About me ' || id
     FROM u`,
    [site.id, MEMBERS],
  );
  await raw.query(
    `WITH ph AS (
       INSERT INTO photos (user_id, filename, thumb_filename, status)
       SELECT user_id, 'p' || user_id || '.webp', 'p' || user_id || '-t.webp', 'active'
       FROM profiles WHERE user_id % 2 = 0 RETURNING id, user_id)
     UPDATE profiles p SET main_photo_id = ph.id FROM ph WHERE ph.user_id = p.user_id`,
  );
  const [me, partner, buyer, other] = await raw.query(`SELECT id FROM users ORDER BY id LIMIT 4`);
  await raw.query(`UPDATE users SET paid_user = true, credits = 1000000000 WHERE id = $1`, [me.id]);
  // Every member has a ledger (5 rows), so the planner sees many members, as in production: with the ledger of
  // three members a generic plan of `user_id = $1` expects a third of the table and scans it all. The two summed
  // have 200 rows each and get no sends, so the sum's work stays the same in every round.
  await raw.query(
    `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
     SELECT u.id, 'purchase', 100, 100 * g, 'order:bench-' || u.id || '-' || g
     FROM users u, generate_series(1, 5) g`,
  );
  await raw.query(
    `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
     SELECT u, 'purchase', 100, 100 * g, 'order:bench-more-' || u || '-' || g
     FROM generate_series(1, 195) g, unnest($1::int[]) u`,
    [[buyer.id, other.id]],
  );
  const [conversation] = await raw.query(
    `INSERT INTO conversations (user_a, user_b, started_by) VALUES ($1, $2, $1) RETURNING id`,
    [me.id, partner.id],
  );
  await raw.query('ANALYZE');
  return {
    site: { id: site.id, niche: site.niche },
    me: me.id,
    partner: partner.id,
    ledgers: [buyer.id, other.id],
    conversation: conversation.id,
  };
}

/** The variants of each query: name → async function of the call's index. */
function queries(lib, db, raw, driver, fx) {
  const { rows, first, schema: t, orm, pgCore, PROFILE_COLUMNS, PROFILE_FROM, visibleOnSite, typed } = lib;
  const { sql, eq, ne, and, gte, count, desc, notInArray } = orm;
  const { defineQuery, pg: pt, one, many } = typed;
  const ids = [];
  for (let i = 0; i < 64; i++) ids.push(1 + ((i * 37) % MEMBERS));
  const memberId = (i) => fx.firstId + ids[i % ids.length] - 1;

  // 1. A member's profile by id (profile-cache.ts BY_ID_SQL, for one id).
  const memberText = `SELECT ${PROFILE_COLUMNS} FROM ${PROFILE_FROM} WHERE u.id = $1 AND u.status <> 'deleted'`;
  const memberBuilt = () =>
    db
      .select({
        id: t.profiles.userId,
        name: t.profiles.name,
        gender: t.profiles.gender,
        sexuality: t.profiles.sexuality,
        date_of_birth: t.profiles.dateOfBirth,
        country: t.profiles.country,
        region: t.profiles.region,
        city: t.profiles.city,
        reason: t.profiles.reason,
        about: t.profiles.about,
        hair_color: t.profiles.hairColor,
        eye_color: t.profiles.eyeColor,
        body_type: t.profiles.bodyType,
        relationship_status: t.profiles.relationshipStatus,
        tattoos: t.profiles.tattoos,
        interests: t.profiles.interests,
        status: t.profiles.status,
        fictional: t.users.fictional,
        photo_id: t.photos.id,
        photo_filename: t.photos.filename,
        photo_thumb: t.photos.thumbFilename,
        photo_status: t.photos.status,
        photo_variants: t.photos.variants,
      })
      .from(t.profiles)
      .innerJoin(t.users, eq(t.users.id, t.profiles.userId))
      .leftJoin(t.photos, eq(t.photos.id, t.profiles.mainPhotoId));
  const memberPrepared = memberBuilt()
    .where(and(eq(t.users.id, sql.placeholder('id')), ne(t.users.status, 'deleted')))
    .prepare('ql_member_b');

  // 2. A send's writes: the message, the debit guarded by the balance, the ledger row; one transaction.
  const COST = 1;
  const sendTexts = {
    message: `INSERT INTO messages (conversation_id, sender_id, body, credits_spent) VALUES ($1, $2, $3, $4) RETURNING id`,
    debit: `UPDATE users SET credits = credits - $2 WHERE id = $1 AND credits >= $2 RETURNING credits`,
    ledger: `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref) VALUES ($1, 'message', $2, $3, $4)`,
  };

  // 3. A member search page (members.ts pageSql, gender + country, no one hidden but the viewer).
  const onSite = visibleOnSite(fx.site);
  const searchText = `SELECT p.user_id AS id FROM profiles p
      WHERE p.searchable AND EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND ${onSite})
        AND p.gender = $1 AND p.country = $2 AND p.user_id <> ALL($3::int[])
      ORDER BY p.has_photo DESC, p.user_id DESC LIMIT $4 OFFSET $5`;
  const p = pgCore.alias(t.profiles, 'p');
  // profiles' mirror has neither `searchable` nor `has_photo` (migration 0021): the builder needs sql for them.
  const searchBuilt = (gender, country, hidden, limit, offset) =>
    db
      .select({ id: p.userId })
      .from(p)
      .where(
        and(
          sql`p.searchable`,
          sql`EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND ${sql.raw(onSite)})`,
          eq(p.gender, gender),
          eq(p.country, country),
          notInArray(p.userId, hidden),
        ),
      )
      .orderBy(desc(sql`p.has_photo`), desc(p.userId))
      .limit(limit)
      .offset(offset);
  const searchPrepared = db
    .select({ id: p.userId })
    .from(p)
    .where(
      and(
        sql`p.searchable`,
        sql`EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND ${sql.raw(onSite)})`,
        eq(p.gender, sql.placeholder('gender')),
        eq(p.country, sql.placeholder('country')),
        sql`${p.userId} <> ALL(${sql.placeholder('hidden')}::int[])`,
      ),
    )
    .orderBy(desc(sql`p.has_photo`), desc(p.userId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('ql_search_b');
  const page = (i) => ({
    gender: i % 2 ? 'female' : 'male',
    country: ['NL', 'BE', 'DE'][i % 3],
    offset: (i % 5) * 24,
  });

  // 4. A member's ledger (200 rows): sum and count.
  const ledgerText = `SELECT coalesce(sum(amount), 0)::int AS total, count(*)::int AS n FROM credit_ledger WHERE user_id = $1`;
  const ledgerBuilt = () =>
    db
      .select({ total: sql`coalesce(sum(${t.creditLedger.amount}), 0)::int`.mapWith(Number), n: count() })
      .from(t.creditLedger);
  const ledgerPrepared = ledgerBuilt()
    .where(eq(t.creditLedger.userId, sql.placeholder('user')))
    .prepare('ql_ledger_b');
  const ledgerUser = (i) => fx.ledgers[i % 2];

  // The same statements as typed queries (api/src/db/typed.ts): run on raw (a named statement), and the send in a
  // Drizzle transaction (the path a typed query takes inside one: Drizzle's execute, unnamed). Only the run time is
  // measured here: the declared types are not checked (db/__tests__/typed-queries.test.ts checks the api's).
  const typedMember = defineQuery({
    name: 'bench_member',
    text: memberText,
    params: [pt.int],
    columns: {},
  });
  const typedSearch = defineQuery({
    name: 'bench_search',
    text: searchText,
    params: [pt.text, pt.text, pt.intArray, pt.bigint, pt.bigint],
    columns: { id: pt.int },
  });
  const typedLedger = defineQuery({
    name: 'bench_ledger',
    text: ledgerText,
    params: [pt.int],
    columns: { total: pt.int, n: pt.int },
  });
  const typedSend = {
    message: defineQuery({
      name: 'bench_send_m',
      text: sendTexts.message,
      params: [],
      columns: { id: pt.int },
    }),
    debit: defineQuery({
      name: 'bench_send_d',
      text: sendTexts.debit,
      params: [],
      columns: { credits: pt.int },
    }),
    ledger: defineQuery({ name: 'bench_send_l', text: sendTexts.ledger, params: [], columns: {} }),
  };

  const q = (text, params, name) => driver.query(text, params, name);
  let n = 0;
  const clientId = () => `b${++n}`;

  return {
    'member by id': {
      template: (i) =>
        first(
          db,
          sql`SELECT ${sql.raw(PROFILE_COLUMNS)} FROM ${sql.raw(PROFILE_FROM)}
              WHERE u.id = ${memberId(i)} AND u.status <> 'deleted'`,
        ),
      builder: (i) =>
        memberBuilt()
          .where(and(eq(t.users.id, memberId(i)), ne(t.users.status, 'deleted')))
          .then((r) => r[0]),
      'builder, prepared': (i) => memberPrepared.execute({ id: memberId(i) }).then((r) => r[0]),
      driver: (i) => q(memberText, [memberId(i)], 'ql_member').then((r) => r[0]),
      'driver, unnamed': (i) => q(memberText, [memberId(i)]).then((r) => r[0]),
      typed: (i) => one(raw, typedMember, memberId(i)),
    },
    'send (3 writes, 1 transaction)': {
      template: () =>
        db.transaction(async (tx) => {
          const m = await first(
            tx,
            sql`INSERT INTO messages (conversation_id, sender_id, body, credits_spent)
                VALUES (${fx.conversation}, ${fx.me}, ${'Hello there'}, ${COST}) RETURNING id`,
          );
          const row = await first(
            tx,
            sql`UPDATE users SET credits = credits - ${COST} WHERE id = ${fx.me} AND credits >= ${COST} RETURNING credits`,
          );
          await tx.execute(
            sql`INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
                VALUES (${fx.me}, 'message', ${-COST}, ${row.credits}, ${`message:${m.id}`})`,
          );
        }),
      builder: () =>
        db.transaction(async (tx) => {
          const [m] = await tx
            .insert(t.messages)
            .values({
              conversationId: fx.conversation,
              senderId: fx.me,
              body: 'Hello there',
              creditsSpent: COST,
            })
            .returning({ id: t.messages.id });
          const [row] = await tx
            .update(t.users)
            .set({ credits: sql`${t.users.credits} - ${COST}` })
            .where(and(eq(t.users.id, fx.me), gte(t.users.credits, COST)))
            .returning({ credits: t.users.credits });
          await tx.insert(t.creditLedger).values({
            userId: fx.me,
            kind: 'message',
            amount: -COST,
            balanceAfter: row.credits,
            ref: `message:${m.id}`,
          });
        }),
      driver: () =>
        driver.transaction(async (run) => {
          const [m] = await run(
            sendTexts.message,
            [fx.conversation, fx.me, 'Hello there', COST],
            'ql_send_m',
          );
          const [row] = await run(sendTexts.debit, [fx.me, COST], 'ql_send_d');
          await run(
            sendTexts.ledger,
            [fx.me, -COST, row.credits, `message:${m.id}:${clientId()}`],
            'ql_send_l',
          );
        }),
      'typed, raw.transaction': () =>
        raw.transaction(async (tx) => {
          const m = await one(tx, typedSend.message, fx.conversation, fx.me, 'Hello there', COST);
          const row = await one(tx, typedSend.debit, fx.me, COST);
          await many(tx, typedSend.ledger, fx.me, -COST, row.credits, `message:${m.id}`);
        }),
      'typed, in a Drizzle transaction': () =>
        db.transaction(async (tx) => {
          const m = await one(tx, typedSend.message, fx.conversation, fx.me, 'Hello there', COST);
          const row = await one(tx, typedSend.debit, fx.me, COST);
          await many(tx, typedSend.ledger, fx.me, -COST, row.credits, `message:${m.id}`);
        }),
    },
    'member search page': {
      template: (i) => {
        const { gender, country, offset } = page(i);
        return rows(
          db,
          sql`SELECT p.user_id AS id FROM profiles p
              WHERE p.searchable AND EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND ${sql.raw(onSite)})
                AND p.gender = ${gender} AND p.country = ${country} AND p.user_id <> ALL(${`{${fx.me}}`}::int[])
              ORDER BY p.has_photo DESC, p.user_id DESC LIMIT ${24} OFFSET ${offset}`,
        );
      },
      builder: (i) => {
        const { gender, country, offset } = page(i);
        return searchBuilt(gender, country, [fx.me], 24, offset);
      },
      'builder, prepared': (i) => {
        const { gender, country, offset } = page(i);
        return searchPrepared.execute({ gender, country, hidden: [fx.me], limit: 24, offset });
      },
      driver: (i) => {
        const { gender, country, offset } = page(i);
        return q(searchText, [gender, country, [fx.me], 24, offset], 'ql_search');
      },
      'driver, unnamed': (i) => {
        const { gender, country, offset } = page(i);
        return q(searchText, [gender, country, [fx.me], 24, offset]);
      },
      typed: (i) => {
        const { gender, country, offset } = page(i);
        return many(raw, typedSearch, gender, country, [fx.me], 24, offset);
      },
    },
    'ledger sum': {
      template: (i) =>
        first(
          db,
          sql`SELECT coalesce(sum(amount), 0)::int AS total, count(*)::int AS n FROM credit_ledger
              WHERE user_id = ${ledgerUser(i)}`,
        ),
      builder: (i) =>
        ledgerBuilt()
          .where(eq(t.creditLedger.userId, ledgerUser(i)))
          .then((r) => r[0]),
      'builder, prepared': (i) => ledgerPrepared.execute({ user: ledgerUser(i) }).then((r) => r[0]),
      driver: (i) => q(ledgerText, [ledgerUser(i)], 'ql_ledger').then((r) => r[0]),
      'driver, unnamed': (i) => q(ledgerText, [ledgerUser(i)]).then((r) => r[0]),
      typed: (i) => one(raw, typedLedger, ledgerUser(i)),
    },
    // Only the client side of building a statement (no database): Drizzle turning a template or a builder
    // chain into text and parameters, which a prepared builder statement and the driver skip.
    _build: {
      template: (i) =>
        db.dialect.sqlToQuery(
          sql`SELECT coalesce(sum(amount), 0)::int AS total, count(*)::int AS n FROM credit_ledger
              WHERE user_id = ${ledgerUser(i)}`,
        ),
      builder: (i) =>
        ledgerBuilt()
          .where(eq(t.creditLedger.userId, ledgerUser(i)))
          .toSQL(),
      'builder, member by id': (i) =>
        memberBuilt()
          .where(and(eq(t.users.id, memberId(i)), ne(t.users.status, 'deleted')))
          .toSQL(),
    },
  };
}

/** The driver under Drizzle: named statements on node-postgres; PGlite has no statement names. */
function driverOf(db, kind) {
  const client = db.$client;
  if (kind === 'pg') {
    return {
      kind,
      query: async (text, values, name) =>
        (await client.query(name ? { name, text, values } : { text, values })).rows,
      async transaction(fn) {
        const conn = await client.connect();
        try {
          await conn.query('BEGIN');
          const out = await fn(async (text, values, name) => (await conn.query({ name, text, values })).rows);
          await conn.query('COMMIT');
          return out;
        } catch (err) {
          await conn.query('ROLLBACK');
          throw err;
        } finally {
          conn.release();
        }
      },
    };
  }
  return {
    kind,
    query: async (text, values) => (await client.query(text, values)).rows,
    transaction: (fn) =>
      client.transaction((tx) => fn(async (text, values) => (await tx.query(text, values)).rows)),
  };
}

async function timeCalls(fn, calls, backendPid) {
  const times = new Float64Array(calls);
  const cpu0 = process.cpuUsage();
  const db0 = procCpu(backendPid);
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    times[i] = Number(process.hrtime.bigint() - t0) / 1e3;
  }
  const wall = Number(process.hrtime.bigint() - start) / 1e3;
  const cpu = process.cpuUsage(cpu0);
  const dbCpu = procCpu(backendPid) - db0;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    node: (cpu.user + cpu.system) / calls,
    db: dbCpu / calls,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    wall: wall / calls,
  };
}

const median = (values) => {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const us = (v) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : '–');

/** tables.ts against the migrated database: tables, columns, and the columns whose type or NOT NULL differ. */
async function mirrorCheck(lib, raw) {
  const { getTableConfig, PgTable } = lib.pgCore;
  const mirrored = new Map();
  for (const value of Object.values(lib.schema)) {
    if (value instanceof PgTable) mirrored.set(getTableConfig(value).name, getTableConfig(value));
  }
  const cols = await raw.query(
    `SELECT c.table_name, c.column_name, c.is_nullable, c.udt_name
     FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`,
  );
  const dbTables = new Map();
  for (const c of cols) {
    if (!dbTables.has(c.table_name)) dbTables.set(c.table_name, new Map());
    dbTables.get(c.table_name).set(c.column_name, c);
  }
  const UDT = {
    serial: 'int4',
    integer: 'int4',
    smallint: 'int2',
    bigint: 'int8',
    bigserial: 'int8',
    text: 'text',
    boolean: 'bool',
    jsonb: 'jsonb',
    json: 'json',
    date: 'date',
    'timestamp with time zone': 'timestamptz',
    timestamp: 'timestamp',
    'double precision': 'float8',
    real: 'float4',
    bytea: 'bytea',
  };
  const out = {
    dbTables: dbTables.size,
    mirroredTables: 0,
    dbColumns: 0,
    mirroredColumns: 0,
    missing: [],
    differ: [],
  };
  for (const [name, columns] of dbTables) {
    out.dbColumns += columns.size;
    const config = mirrored.get(name);
    if (!config) continue;
    out.mirroredTables++;
    const byName = new Map(config.columns.map((c) => [c.name, c]));
    for (const [column, info] of columns) {
      const mine = byName.get(column);
      if (!mine) {
        out.missing.push(`${name}.${column}`);
        continue;
      }
      out.mirroredColumns++;
      const type = mine.getSQLType().replace(/\(.*\)/, '');
      const expected = UDT[type] ?? type;
      const nullable = info.is_nullable === 'YES';
      if (expected !== info.udt_name || nullable === mine.notNull) {
        out.differ.push(
          `${name}.${column} (${type}${mine.notNull ? ' not null' : ''} vs ${info.udt_name}${nullable ? '' : ' not null'})`,
        );
      }
    }
  }
  out.unknownTables = [...mirrored.keys()].filter((n) => !dbTables.has(n));
  return out;
}

async function runBackend(kind, lib) {
  const schemaName = kind === 'pg' ? newSchema('bench_query_layer') : undefined;
  const config = {
    databaseUrl: kind === 'pg' ? DATABASE_URL : undefined,
    dbSchema: schemaName,
    inMemoryDb: true,
    dataDir: '/nonexistent',
  };
  if (kind === 'pg') {
    // Migrated through a pool of its own (the migrator holds one connection and queries on another).
    const setup = await lib.openDatabase(config);
    await lib.migrate(setup.raw).finally(() => setup.close());
  }
  const pool = process.env.PG_POOL_MAX;
  process.env.PG_POOL_MAX = '1';
  const database = await lib.openDatabase(config);
  if (pool === undefined) delete process.env.PG_POOL_MAX;
  else process.env.PG_POOL_MAX = pool;
  try {
    if (kind === 'pglite') await lib.migrate(database.raw);
    const fx = await seed(database.raw);
    [{ id: fx.firstId }] = await database.raw.query('SELECT min(id) AS id FROM users');
    const mirror = await mirrorCheck(lib, database.raw);
    const backendPid =
      kind === 'pg' ? (await database.raw.query('SELECT pg_backend_pid() AS pid'))[0].pid : process.pid;
    const driver = driverOf(database.db, kind);
    const all = Object.fromEntries(
      Object.entries(queries(lib, database.db, database.raw, driver, fx)).filter(
        ([name]) => ONLY.length === 0 || name === '_build' || ONLY.some((word) => name.includes(word)),
      ),
    );
    const calls = CALLS[kind];
    // Warm-up: the named statements are prepared, the plans cached, the JIT warm.
    for (const variants of Object.values(all)) {
      for (const fn of Object.values(variants)) for (let i = 0; i < Math.min(50, calls); i++) await fn(i);
    }
    const results = new Map();
    const load = loadWatch();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [query, variants] of Object.entries(all)) {
        const names = Object.keys(variants);
        // The order rotates per round, so no variant always runs right after the same one.
        for (let k = 0; k < names.length; k++) {
          const name = names[(k + round) % names.length];
          const r = await timeCalls(variants[name], query === '_build' ? calls * 5 : calls, backendPid);
          const key = `${query}\0${name}`;
          if (!results.has(key)) results.set(key, []);
          results.get(key).push(r);
        }
      }
    }
    const watched = load.stop();
    return { kind, results, load: watched, mirror, calls };
  } finally {
    await database.close();
    if (schemaName) await dropSchema(schemaName);
  }
}

function report({ kind, results, load, mirror, calls }) {
  const m = machine();
  console.log(
    `\n## ${kind === 'pg' ? 'PostgreSQL (node-postgres, one connection)' : 'PGlite (in process)'}: ` +
      `${ROUNDS} round(s) × ${calls} calls per variant; ${m.cores} × ${m.cpu}, Node ${m.node}; ${describeLoad(load)}`,
  );
  console.log(
    `Median of the rounds per call (µs). node CPU = the api process (on PGlite the database too); db CPU = the ` +
      `PostgreSQL backend; ratio = node CPU against the template's.\n`,
  );
  console.log('| query | variant | node CPU | db CPU | p50 latency | p95 latency | node CPU vs template |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  const byQuery = new Map();
  for (const [key, runs] of results) {
    const [query, name] = key.split('\0');
    if (!byQuery.has(query)) byQuery.set(query, []);
    byQuery.get(query).push([name, runs]);
  }
  for (const [query, variants] of byQuery) {
    const base = median(variants.find(([n]) => n === 'template')[1].map((r) => r.node));
    for (const [name, runs] of variants) {
      const node = median(runs.map((r) => r.node));
      const db = kind === 'pg' && query !== '_build' ? us(median(runs.map((r) => r.db))) : '–';
      const label = query === '_build' ? 'build only (no database)' : query;
      console.log(
        `| ${label} | ${name} | ${us(node)} | ${db} | ${us(median(runs.map((r) => r.p50)))} | ` +
          `${us(median(runs.map((r) => r.p95)))} | ${Math.round((100 * node) / base)} % |`,
      );
    }
  }
  console.log(
    `\ntables.ts against the migrated schema: ${mirror.mirroredTables} of ${mirror.dbTables} tables, ` +
      `${mirror.mirroredColumns} of ${mirror.dbColumns} columns of all tables; of the mirrored tables, columns ` +
      `missing from the mirror: ${mirror.missing.length}, type or NOT NULL different: ${mirror.differ.length}; ` +
      `mirrored tables the database lacks: ${mirror.unknownTables.length}`,
  );
  if (!SMOKE) {
    if (mirror.missing.length) console.log(`  missing: ${mirror.missing.join(', ')}`);
    if (mirror.differ.length) console.log(`  different: ${mirror.differ.join(', ')}`);
  }
}

main(import.meta, async () => {
  const lib = api();
  for (const kind of BACKENDS) report(await runBackend(kind, lib));
});

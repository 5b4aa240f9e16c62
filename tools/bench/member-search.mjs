#!/usr/bin/env node
// Member search at scale (not a test): starts the built api as production does (lib/bench-env.mjs)
// against PostgreSQL in a fresh schema, adds BENCH_PROFILES (100,000; try 1000000) generated members with SQL (no
// images), makes its own member with a session and requests /api/members.php page after page for common
// filters, one request at a time. Prints p50/p95
// per filter (target p95 < 50 ms), and the first request of each filter apart (its count is not cached yet).
//   node tools/bench/member-search.mjs          (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
//   BENCH_PROFILES=20000 BENCH_REQUESTS=40 node tools/bench/member-search.mjs
//   BENCH_SMOKE=1 node tools/bench/member-search.mjs     (2,000 members, seconds: what npm test runs)
import {
  DATABASE_URL,
  SMOKE,
  defaultSite,
  describeLoad,
  ensureApiBuilt,
  loadWatch,
  machine,
  main,
  makeMembers,
  newSchema,
  pgClient,
  startApi,
} from './lib/bench-env.mjs';

export const TARGET_P95_MS = 50;

/** What members search for most: the search form's fields alone and combined (docs/product/member-model.md search state). */
const FILTERS = [
  { name: 'no filter', query: '' },
  { name: 'gender', query: 'gender=female' },
  { name: 'gender + country', query: 'gender=female&country=NL' },
  { name: 'country + region', query: 'country=NL&countryregion=Utrecht' },
  { name: 'gender + country + age', query: 'gender=male&country=DE&min_age=30&max_age=45' },
  { name: 'gender + age 18-25', query: 'gender=female&min_age=18&max_age=25' },
  // What /members opens with: whom the member looks for, who looks for someone like them, the nearest first.
  { name: 'seeking + mutual + near', query: 'gender=female&mutual=true&near=true' },
];
const PAGES = [1, 2, 3, 5, 10, 20, 50];

/** 100,000 members in plain SQL: two genders (80 % hetero, 10 % bi, 10 % gay or lesbian), five countries, ages 18–70, a photo row for 70 %. */
async function generate(client, schema, count) {
  await client.query(`SET search_path TO ${schema}`);
  const { rows } = await client.query(`SELECT id FROM sites WHERE is_default LIMIT 1`);
  const site = rows[0]?.id ?? 1;
  await client.query('BEGIN');
  await client.query(
    `CREATE TEMP TABLE gen ON COMMIT DROP AS
       SELECT g, nextval(pg_get_serial_sequence('${schema}.users', 'id'))::int AS id FROM generate_series(1, $1) g`,
    [count],
  );
  await client.query(
    `INSERT INTO users (id, site_id, status, language, fictional, confirmed_at)
     SELECT id, $1, CASE WHEN g % 50 = 0 THEN 'not_confirmed' ELSE 'confirmed' END, 'nl', g % 3 = 0, now() FROM gen`,
    [site],
  );
  await client.query(
    `INSERT INTO profiles (user_id, name, gender, sexuality, date_of_birth, country, region, city, interests, status)
     SELECT id, 'Lid ' || g, CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
            CASE (g / 2) % 10 WHEN 8 THEN 'bi' WHEN 9 THEN (CASE WHEN g % 2 = 0 THEN 'lesbian' ELSE 'gay' END)
                 ELSE 'hetero' END,
            (current_date - ((18 + (g::bigint * 7919) % 53) * 365 + (g * 31) % 365) * interval '1 day')::date,
            (ARRAY['NL','NL','NL','BE','DE','DE','FR','GB'])[1 + (g * 13) % 8],
            (ARRAY['Utrecht','Noord-Holland','Zuid-Holland','Gelderland','Limburg','Friesland'])[1 + (g * 17) % 6],
            'Stad', '[]'::jsonb, CASE WHEN g % 97 = 0 THEN 'disabled' ELSE 'active' END
     FROM gen`,
  );
  await client.query(
    `WITH ph AS (
       INSERT INTO photos (user_id, filename, thumb_filename, status, position)
       SELECT id, 'bench/' || g || '.jpg', 'bench/' || g || '-t.jpg', 'active', 0 FROM gen WHERE g % 10 < 7
       RETURNING id, user_id)
     UPDATE profiles p SET main_photo_id = ph.id FROM ph WHERE p.user_id = ph.user_id`,
  );
  await client.query('COMMIT');
  // A table in use is vacuumed by autovacuum; a fresh bulk load is not yet (index-only scans need it).
  for (const table of ['users', 'profiles', 'photos']) await client.query(`VACUUM ANALYZE ${table}`);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(url, cookie) {
  const start = process.hrtime.bigint();
  const res = await fetch(url, { headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
  const body = await res.json();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

export async function run({
  profiles = Number(process.env.BENCH_PROFILES ?? (SMOKE ? 2_000 : 100_000)),
  requests = Number(process.env.BENCH_REQUESTS ?? (SMOKE ? 7 : 70)),
  log = console.log,
} = {}) {
  await ensureApiBuilt();
  const schema = newSchema('bench_search');
  const api = await startApi({
    label: 'api (member search)',
    env: { DATABASE_URL, DATABASE_SCHEMA: schema, SEED_PROFILES: '8', REDIS_URL: undefined },
  });
  const base = api.url;
  const client = await pgClient();
  const watch = loadWatch();
  try {
    const started = Date.now();
    await generate(client, schema, profiles);
    log(
      `generated ${profiles.toLocaleString('en')} members in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // The bench's own member (production has no demo account), with a session made in SQL.
    const [viewer] = await makeMembers(client, await defaultSite(client), 1, { tag: 'bench-search' });
    const cookie = viewer.cookie;

    log(
      `\n${'filter'.padEnd(24)}${'matches'.padStart(9)}${'first ms'.padStart(10)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}`,
    );
    const rows = [];
    for (const filter of FILTERS) {
      const url = (page) => `${base}/api/members.php?${filter.query}&numResults=24&pageNumber=${page}`;
      const first = await timed(url(1), cookie);
      const times = [];
      const seen = new Set();
      for (let i = 0; i < requests; i++) {
        const page = PAGES[i % PAGES.length];
        const { ms, body } = await timed(url(page), cookie);
        times.push(ms);
        if (page <= 2) for (const p of body.profiles) seen.add(`${page}:${p.id}`);
      }
      times.sort((a, b) => a - b);
      const row = {
        name: filter.name,
        total: first.body.total,
        first: first.ms,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times.at(-1),
      };
      rows.push(row);
      log(
        `${row.name.padEnd(24)}${String(row.total).padStart(9)}${row.first.toFixed(1).padStart(10)}${row.p50.toFixed(1).padStart(8)}${row.p95.toFixed(1).padStart(8)}${row.max.toFixed(1).padStart(8)}${row.p95 < TARGET_P95_MS ? '  ok' : `  over ${TARGET_P95_MS} ms`}`,
      );
    }
    log(
      `(${requests} sequential requests per filter over pages ${PAGES.join(', ')}, 24 per page, logged in; ` +
        `PostgreSQL schema ${schema}; ${machine().cores} cores, ${machine().cpu}; ${describeLoad(watch.stop())})`,
    );
    return rows;
  } finally {
    await api.stop();
    // BENCH_KEEP=1 keeps the schema to look at query plans (drop it yourself afterwards).
    if (!process.env.BENCH_KEEP)
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await client.end();
  }
}

main(import.meta, run);

#!/usr/bin/env node
// The send, the like and the read of a conversation page against the database's own speed on the same work
// (ADR 0031). Starts the built api as production does (lib/bench-env.mjs) on PostgreSQL, with
// BENCH_TRACE=1; makes BENCH_MEMBERS paid members with sessions and BENCH_TARGETS profiles to write to and like
// (SQL). For each operation it records, through the api's trace route, the statements the server runs for one
// request of each member (db/trace.ts: after a warm-up request, so caches are warm, and including the work after
// the answer such as the offline notifier), then in each round:
//   1. "database": BENCH_CONCURRENCY clients replay those statements through the same driver (node-postgres, a pool
//      of PG_POOL_MAX connections as the api has, prepared statements under the same names), with what must differ
//      per request substituted (a new client id per send, the next profile per like), no HTTP, no Node server;
//   2. "HTTP": the same number of keep-alive connections drive the api's endpoint, members in turn.
// Prints both rates, their ratio (target: HTTP send ≥ 50 % of the database), p50/p95/p99 of each, the server's CPU
// per request, the machine and the load average (a run is valid only at a load average ≤ the core count). CPU per
// unit, per process (ADR 0031 addendum): the api's (/proc), and the database's own, the PostgreSQL backends of each
// side (named by application_name; /proc, so the database must run on this host), per request and per statement.
//   node tools/bench/db-ratio.mjs
//   BENCH_DURATION=5 BENCH_ROUNDS=3 BENCH_CONCURRENCY=50 BENCH_ONLY=send node tools/bench/db-ratio.mjs
//   BENCH_REDIS=1 …      the api with REDIS_URL, as a node of several runs (live events through Redis)
//   BENCH_SMOKE=1 node tools/bench/db-ratio.mjs      (seconds: what npm test runs)
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  DATABASE_URL,
  REDIS_URL,
  SMOKE,
  cpuTimes,
  dbCpu,
  defaultSite,
  describeLoad,
  dropSchema,
  ensureApiBuilt,
  loadWatch,
  machine,
  main,
  makeMembers,
  ms,
  newSchema,
  perUnit,
  percentile,
  pgClient,
  startApi,
} from './lib/bench-env.mjs';

export const TARGET_SEND_RATIO = 0.5;
const DURATION_S = Number(process.env.BENCH_DURATION ?? (SMOKE ? 1 : 5));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? (SMOKE ? 1 : 2)));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? (SMOKE ? 4 : 50));
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? (SMOKE ? 4 : 50));
const TARGETS = Number(process.env.BENCH_TARGETS ?? (SMOKE ? 40 : 4000));
const POOL = Number(process.env.PG_POOL_MAX ?? 20);
const ONLY = (process.env.BENCH_ONLY ?? 'send,like,page').split(',');
const AJAX = { 'x-requested-with': 'XMLHttpRequest' };

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One HTTP request; resolves with the status and body text. */
function request(base, { method = 'GET', path, cookie, body }) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...AJAX,
          ...(cookie ? { cookie } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * `concurrency` loops doing `op()` until `seconds` have passed; answers the rate and sorted latencies (ms). An op
 * that fails counts as an error and is not timed.
 */
async function drive(concurrency, seconds, op) {
  const latencies = [];
  let errors = 0;
  let firstError;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await op();
          latencies.push(performance.now() - t);
        } catch (err) {
          errors += 1;
          firstError ??= err;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / elapsed, count: latencies.length, latencies, errors, firstError };
}

async function trace(base, on) {
  const res = await request(base, { method: 'POST', path: '/api/_bench/trace.json', body: { on } });
  if (res.status !== 200) throw new Error(`trace route answered ${res.status}: ${res.text}`);
  return JSON.parse(res.text).statements;
}

/** The statements one request runs, with the work after its answer (it is the send's too). */
async function statementsOf(base, doRequest) {
  // What the request before left to do after its answer (offline notifications) is not this one's.
  await new Promise((r) => setTimeout(r, 300));
  await trace(base, true);
  await doRequest();
  await new Promise((r) => setTimeout(r, 150));
  return trace(base, false);
}

/**
 * The values one replay must not repeat: the member's substitution (`from` → `to`), and every value the server
 * made up for the request (client ids, unsubscribe tokens, outbox ids: uuids and long random strings), which
 * unique indexes would refuse a second time. The same old value becomes the same new one within a replay.
 */
const RANDOM = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_-]{20,})$/;
function fresh(statements, from, to) {
  const made = new Map();
  const swap = (value) => {
    if (value === from) return to;
    if (typeof value !== 'string' || !RANDOM.test(value)) return value;
    if (!made.has(value))
      made.set(
        value,
        value.includes('-') && value.length === 36
          ? randomUUID()
          : randomBytes(Math.ceil(value.length * 0.75))
              .toString('base64url')
              .slice(0, value.length),
      );
    return made.get(value);
  };
  return statements.map((s) => ({ ...s, values: s.values.map(swap) }));
}

async function replay(pool, statements) {
  const client = await pool.connect();
  try {
    for (const s of statements) {
      await client.query(
        s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values },
      );
    }
  } finally {
    client.release();
  }
}

export async function run({ log = console.log } = {}) {
  await ensureApiBuilt();
  const { default: pg } = await import('pg');
  const schema = newSchema('bench_ratio');
  const api = await startApi({
    label: 'api (db-ratio)',
    env: {
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      BENCH_TRACE: '1',
      // Its backends by name, so the database's CPU for the HTTP side is read apart from the replay's.
      PGAPPNAME: `${schema} api`,
      REDIS_URL: process.env.BENCH_REDIS === '1' ? REDIS_URL : undefined,
    },
  });
  const client = await pgClient(schema);
  const pool = new pg.Pool({
    connectionString: DATABASE_URL,
    max: POOL,
    options: `-c search_path=${schema}`,
    application_name: `${schema} replay`,
  });
  const dbCpuOfReplay = dbCpu(client, `${schema} replay`);
  const dbCpuOfApi = dbCpu(client, `${schema} api`);
  const results = [];
  try {
    const site = await defaultSite(client);
    const members = await makeMembers(client, site, MEMBERS, { credits: 100_000_000 });
    const targets = (await makeMembers(client, site, TARGETS + MEMBERS, { tag: 'bench-target' })).map(
      (t) => t.id,
    );
    // Each member writes to its own profile (a paid member: the one-statement send); likes go to the rest, each
    // member's k-th like to the k-th profile, so every like stores a new row on both sides.
    const likeTargets = targets.slice(MEMBERS);
    members.forEach((m, i) => {
      m.partner = targets[i];
      m.likes = 0;
    });
    const nextLike = (m) => likeTargets[m.likes++ % likeTargets.length];
    const send = (m, clientId = randomUUID()) =>
      request(api.url, {
        method: 'POST',
        path: '/api/messages.php',
        cookie: m.cookie,
        body: { member: m.partner, client_id: clientId, type: 'text', text: 'Hallo, hoe gaat het?' },
      });
    const expect = (status) => (res) => {
      if (res.status !== status) throw new Error(`HTTP ${res.status}: ${res.text.slice(0, 300)}`);
      return res;
    };
    // Warm-up: every member's conversation exists, every cache the requests use is filled, and the partner has had
    // the mails of a new conversation and of a new message (at most one an hour): the traced send is a steady one.
    for (const m of members) {
      const res = expect(200)(await send(m));
      m.conversation = JSON.parse(res.text).chat.conversation.id;
      expect(200)(await send(m));
    }

    const ops = {
      send: {
        name: 'POST messages.php (a paid text message)',
        async prepare(m) {
          // Right after another send of the member: its session and the profiles are in the caches, as in a
          // member's conversation (they expire after seconds, so a trace taken later would include their misses).
          expect(200)(await send(m));
          const clientId = randomUUID();
          m.sendStatements = await statementsOf(api.url, async () => expect(200)(await send(m, clientId)));
          if (!m.sendStatements.some((s) => /INSERT INTO messages/i.test(s.text))) {
            throw new Error('the traced send stored no message: the trace does not see the send');
          }
          return m.sendStatements;
        },
        db: (m) => replay(pool, fresh(m.sendStatements)),
        http: (m) => send(m).then(expect(200)),
      },
      like: {
        name: 'POST like.php (a new like)',
        async prepare(m) {
          const like = (id) =>
            request(api.url, { method: 'POST', path: '/api/like.php', cookie: m.cookie, body: { id } });
          expect(200)(await like(nextLike(m)));
          const target = nextLike(m);
          m.likeStatements = await statementsOf(api.url, async () =>
            expect(200)(
              await request(api.url, {
                method: 'POST',
                path: '/api/like.php',
                cookie: m.cookie,
                body: { id: target },
              }),
            ),
          );
          m.tracedLike = target;
          if (!m.likeStatements.some((s) => /INSERT INTO "?likes/i.test(s.text))) {
            throw new Error('the traced like stored no like: the trace does not see it');
          }
          return m.likeStatements;
        },
        db: (m) => replay(pool, fresh(m.likeStatements, m.tracedLike, nextLike(m))),
        http: (m) =>
          request(api.url, {
            method: 'POST',
            path: '/api/like.php',
            cookie: m.cookie,
            body: { id: nextLike(m) },
          }).then(expect(200)),
      },
      page: {
        name: 'GET messages.php (the newest page of a conversation)',
        async prepare(m) {
          const get = () =>
            request(api.url, { path: `/api/messages.php?conversation=${m.conversation}`, cookie: m.cookie });
          expect(200)(await get());
          m.pageStatements = await statementsOf(api.url, async () => expect(200)(await get()));
          return m.pageStatements;
        },
        db: (m) => replay(pool, fresh(m.pageStatements)),
        http: (m) =>
          request(api.url, {
            path: `/api/messages.php?conversation=${m.conversation}`,
            cookie: m.cookie,
          }).then(expect(200)),
      },
    };

    const mach = machine();
    log(
      `\n== the database's own speed vs HTTP (PostgreSQL, ${CONCURRENCY} concurrent clients, ${DURATION_S} s per figure, ` +
        `${ROUNDS} round(s), ${MEMBERS} members; ${mach.cores} cores, ${mach.cpu}, node ${mach.node})`,
    );
    for (const key of ONLY) {
      const op = ops[key];
      if (!op) throw new Error(`unknown BENCH_ONLY entry ${key}`);
      let statements;
      for (const m of members) statements = await op.prepare(m);
      log(
        `\n${op.name}: ${statements.length} statement(s) per request on the server` +
          ` (${statements.map((s) => s.name ?? s.text.replace(/\s+/g, ' ').slice(0, 40)).join(' | ')})`,
      );
      log(
        `${'round'.padEnd(7)}${'side'.padEnd(10)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'api CPU/req'.padStart(13)}${'db CPU/req'.padStart(12)}${'db CPU/stmt'.padStart(13)}  load`,
      );
      for (let round = 1; round <= ROUNDS; round += 1) {
        const watch = loadWatch();
        let turnDb = 0;
        const replayCpu0 = await dbCpuOfReplay.read();
        const db = await drive(CONCURRENCY, DURATION_S, () => op.db(members[turnDb++ % members.length]));
        const replayCpu = (await dbCpuOfReplay.read()) - replayCpu0;
        let turnHttp = 0;
        const apiDbCpu0 = await dbCpuOfApi.read();
        const cpu0 = cpuTimes(api.pid);
        const viaHttp = await drive(CONCURRENCY, DURATION_S, () =>
          op.http(members[turnHttp++ % members.length]),
        );
        const answered = Math.max(1, viaHttp.count + viaHttp.errors);
        const cpu1 = cpuTimes(api.pid);
        const userPerRequest = (cpu1.user - cpu0.user) / answered;
        const systemPerRequest = (cpu1.system - cpu0.system) / answered;
        const cpuPerRequest = userPerRequest + systemPerRequest;
        const apiDbCpu = (await dbCpuOfApi.read()) - apiDbCpu0;
        const load = watch.stop();
        const ratio = viaHttp.rate / (db.rate || 1);
        const replayed = db.count + db.errors;
        for (const [side, r, cpu, dbPerRequest, dbPerStatement] of [
          [
            'database',
            db,
            '',
            perUnit(replayCpu, replayed),
            perUnit(replayCpu, replayed * statements.length),
          ],
          [
            'HTTP',
            viaHttp,
            `${cpuPerRequest.toFixed(0)} µs`,
            perUnit(apiDbCpu, answered),
            perUnit(apiDbCpu, answered * statements.length),
          ],
        ]) {
          log(
            `${String(round).padEnd(7)}${side.padEnd(10)}${r.rate.toFixed(0).padStart(9)}${ms(percentile(r.latencies, 50)).padStart(9)}` +
              `${ms(percentile(r.latencies, 95)).padStart(9)}${ms(percentile(r.latencies, 99)).padStart(9)}${String(r.errors).padStart(8)}${cpu.padStart(13)}` +
              `${dbPerRequest.padStart(12)}${dbPerStatement.padStart(13)}` +
              (side === 'HTTP' ? `  ${load.min.toFixed(1)}–${load.max.toFixed(1)}` : ''),
          );
          if (r.errors) log(`        first error (${side}): ${r.firstError?.message ?? r.firstError}`);
        }
        const verdict =
          key === 'send'
            ? ratio >= TARGET_SEND_RATIO
              ? `target ≥ ${TARGET_SEND_RATIO * 100} %: met`
              : `target ≥ ${TARGET_SEND_RATIO * 100} %: NOT met`
            : 'no target';
        log(
          `        HTTP / database: ${(ratio * 100).toFixed(0)} % (${verdict}); api CPU per request ` +
            `${userPerRequest.toFixed(0)} µs user + ${systemPerRequest.toFixed(0)} µs system; ${describeLoad(load)}`,
        );
        results.push({
          op: key,
          round,
          db,
          http: viaHttp,
          ratio,
          cpuPerRequest,
          dbCpuPerRequest: replayCpu / Math.max(1, replayed),
          apiDbCpuPerRequest: apiDbCpu / answered,
          load,
        });
        if (db.count === 0 || viaHttp.count === 0 || db.errors || viaHttp.errors) {
          throw new Error(
            `${key}: a side did no work or failed (database ${db.count}/${db.errors} errors, HTTP ${viaHttp.count}/${viaHttp.errors} errors)`,
          );
        }
      }
    }
    // The guarantees under load: every stored message of the bench members has its debit, and no balance moved
    // without one (the replay debits through the same statement).
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM messages WHERE sender_id = ANY($1)) AS messages,
              (SELECT count(*) FROM credit_ledger WHERE user_id = ANY($1) AND amount < 0) AS debits,
              (SELECT count(*) FROM users u WHERE id = ANY($1) AND credits <> (SELECT sum(amount) FROM credit_ledger l WHERE l.user_id = u.id)) AS drifted`,
      [members.map((m) => m.id)],
    );
    log(
      `\nstored messages ${rows[0].messages}, debits ${rows[0].debits}, balances not equal to their ledger: ${rows[0].drifted}`,
    );
    if (Number(rows[0].drifted) !== 0 || (ONLY.includes('send') && rows[0].messages !== rows[0].debits)) {
      throw new Error('a balance does not match its ledger, or a message has no debit');
    }
    return results;
  } finally {
    agent.destroy();
    await pool.end().catch(() => undefined);
    await client.end().catch(() => undefined);
    await api.stop();
    await dropSchema(schema).catch(() => undefined);
  }
}

main(import.meta, run);

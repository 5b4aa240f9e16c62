#!/usr/bin/env node
// Live delivery of real sends across two nodes, and how many open streams a node holds (ADR 0031).
// Two built api nodes started as production does (lib/bench-env.mjs: the same APP_SECRET, DATABASE_URL, schema and
// REDIS_URL, different ports); LIVE_STREAMS open SSE streams per node (one member each: the capacity run reports
// each node's memory per open stream, with the heartbeat running); LIVE_SENDERS paid members send real messages
// (POST /api/messages.php) through node A at LIVE_RATE per second for LIVE_SECONDS to members whose streams are
// open on node B. Prints the sends acknowledged, the message events received (each exactly once, or the missing
// and duplicated ones), p50/p95/p99 of send-acknowledgement → event at the receiver's stream (and of request start →
// event), the rate reached, the machine and the load average. Then the resume (docs/adr/0039-live-resume.md):
// LIVE_RESUME streams of node B drop, LIVE_RESUME_SENDS messages are sent to each through node A while they are
// down, and each reconnects to node A with the last event id it saw: printed are the time to the stream's `ready`,
// the replayed events and bytes (each missed message exactly once, no resync), beside what the refetch it replaces
// costs (user, chats and likes for the same members). Targets: p95 < 250 ms at 100 sends/s with 20,000 open
// streams on one node, ≤ 8 KB per open stream, no event lost, every resume replayed without a resync. CPU per
// unit, per process, over the steady sends (ADR 0031 addendum): node A's per acknowledged send, node B's per
// delivered event (/proc), beside the stores' own: Redis's per event (INFO cpu, the whole server) and the
// PostgreSQL backends of both nodes per send (named by PGAPPNAME; /proc, so the database must run on this host).
//   node tools/bench/live-delivery.mjs
//   LIVE_STREAMS=5000 LIVE_RATE=100 LIVE_SECONDS=10 node tools/bench/live-delivery.mjs
//   LIVE_STREAMS=20000 LIVE_STREAMS_A=0 node tools/bench/live-delivery.mjs   (one node holding the streams: a node
//     needs an open file per stream plus ~50 of its own; the bench raises the limit where allowed (root with
//     CAP_SYS_RESOURCE) and otherwise says how many the node can hold; client streams past this process's limit
//     go to holder processes, lib/live-client.mjs)
//   BENCH_SMOKE=1 node tools/bench/live-delivery.mjs      (seconds: what npm test runs)
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  DATABASE_URL,
  REDIS_URL,
  SMOKE,
  cpuMicros,
  dbCpu,
  defaultSite,
  describeLoad,
  dropSchema,
  ensureApiBuilt,
  ensureLocalPorts,
  loadWatch,
  machine,
  main,
  makeMembers,
  ms,
  newSchema,
  openFileCount,
  openFilesLimit,
  perUnit,
  percentile,
  pgClient,
  raiseOpenFiles,
  raiseOpenFilesHint,
  redisCpu,
  rssBytes,
  startApi,
} from './lib/bench-env.mjs';
import { openStream, openStreams, startHolder } from './lib/live-client.mjs';

export const TARGET_P95_MS = 250;
export const TARGET_STREAM_BYTES = 8 * 1024;
/** Streams on node B (the receivers of the sends). */
const STREAMS = Number(process.env.LIVE_STREAMS ?? (SMOKE ? 20 : 5000));
/** Streams on node A (bystanders), as many as on B unless named. */
const STREAMS_A = Number(process.env.LIVE_STREAMS_A ?? STREAMS);
const SENDERS = Number(process.env.LIVE_SENDERS ?? (SMOKE ? 4 : 100));
const RATE = Number(process.env.LIVE_RATE ?? (SMOKE ? 20 : 100));
const RESUME = Number(process.env.LIVE_RESUME ?? (SMOKE ? 4 : 200));
const RESUME_SENDS = Number(process.env.LIVE_RESUME_SENDS ?? 3);
const SECONDS = Number(process.env.LIVE_SECONDS ?? (SMOKE ? 2 : 10));

const now = () => performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function post(agent, url, cookie, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-requested-with': 'XMLHttpRequest',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text, at: now() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function get(agent, url, cookie) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes }));
    });
    req.on('error', reject);
  });
}

/** Runs `work` over `items`, `width` at a time. */
async function inPool(items, width, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

/**
 * The resume (docs/adr/0039-live-resume.md): the first `RESUME` streams of node B drop; `RESUME_SENDS` messages go
 * to each of their members through node A while they are down; each reconnects to node A with the last event id
 * it saw. Measures the reconnection → `ready` time, the bytes and events replayed, checks every missed message
 * arrives exactly once and no stream was told to resync; then times the refetch the resume replaces (user, chats
 * and likes at once, as the shell's refresh does) for the same members.
 */
async function measureResume({ nodeA, members, streams, senders, streamAgent, sendAgent, closers, log }) {
  const count = Math.min(RESUME, members.length);
  const who = members.slice(0, count);
  const lastIds = who.map((_, i) => streams[i].lastEventId());
  who.forEach((_, i) => streams[i].close());
  await sleep(500);
  const missed = who.map(() => []);
  const failedSends = [];
  await inPool(
    who.flatMap((m, i) => Array.from({ length: RESUME_SENDS }, (_, k) => ({ m, i, k }))),
    50,
    async ({ m, i, k }) => {
      const res = await post(
        sendAgent,
        `${nodeA.url}/api/messages.php`,
        senders[(i + k) % senders.length].cookie,
        {
          member: m.id,
          client_id: randomUUID(),
          type: 'text',
          text: `while you were away ${k + 1}`,
        },
      );
      if (res.status === 200) missed[i].push(JSON.parse(res.text).message.id);
      else failedSends.push(`${res.status} ${res.text.slice(0, 120)}`);
    },
  );
  await sleep(300);
  const results = await inPool(who, 50, async (m, i) => {
    const got = [];
    let ready = null;
    const started = now();
    const stream = await openStream(
      streamAgent,
      nodeA.url,
      m.cookie,
      (event) => {
        if (event.type === 'message' && !event.message.from_me) got.push(event.message.id);
      },
      {
        lastEventId: lastIds[i],
        onReady: (data, at, bytes) =>
          (ready = { ms: at - started, bytes, resync: data.resync, events: got.length }),
      },
    );
    closers.push(() => stream.close());
    const until = now() + 5000;
    while (!ready && now() < until) await sleep(5);
    return { got, ready, expected: missed[i] };
  });
  await sleep(500);
  let exact = 0;
  let resyncs = 0;
  let noReady = 0;
  const readyMs = [];
  const bytes = [];
  const events = [];
  for (const r of results) {
    if (!r.ready) {
      noReady += 1;
      continue;
    }
    if (r.ready.resync) resyncs += 1;
    readyMs.push(r.ready.ms);
    bytes.push(r.ready.bytes);
    events.push(r.ready.events);
    const once = r.expected.every((id) => r.got.filter((g) => g === id).length === 1);
    if (once && r.got.length === r.expected.length) exact += 1;
  }
  readyMs.sort((a, b) => a - b);
  bytes.sort((a, b) => a - b);
  // The refetch a resume replaces: user, chats and likes at once for each of the same members.
  const refetch = await inPool(who, 50, async (m) => {
    const started = now();
    const answers = await Promise.all(
      ['user.php', 'chats.php', 'likes.php'].map((path) =>
        get(sendAgent, `${nodeA.url}/api/${path}`, m.cookie),
      ),
    );
    return {
      ms: now() - started,
      bytes: answers.reduce((sum, a) => sum + a.bytes, 0),
      ok: answers.every((a) => a.status === 200),
    };
  });
  const refetchMs = refetch.map((r) => r.ms).sort((a, b) => a - b);
  const refetchBytes = refetch.map((r) => r.bytes).sort((a, b) => a - b);
  log(
    `resume: ${count} streams of node B dropped, ${RESUME_SENDS} messages each sent through node A meanwhile` +
      (failedSends.length ? ` (${failedSends.length} sends failed, first: ${failedSends[0]})` : '') +
      `, reconnected to node A with Last-Event-ID: ${exact} of ${count} got each missed message exactly once, ` +
      `${resyncs} told to resync, ${noReady} without a ready; reconnection → ready p50 ${ms(percentile(readyMs, 50))} ms, ` +
      `p95 ${ms(percentile(readyMs, 95))} ms; replayed ${percentile(
        events.sort((a, b) => a - b),
        50,
      )} events, ` +
      `${percentile(bytes, 50)} bytes (median; p95 ${percentile(bytes, 95)} bytes) per resume`,
  );
  log(
    `the refetch it replaces (user + chats + likes at once, same members): p50 ${ms(percentile(refetchMs, 50))} ms, ` +
      `p95 ${ms(percentile(refetchMs, 95))} ms, ${percentile(refetchBytes, 50)} bytes (median) in 3 requests` +
      (refetch.every((r) => r.ok) ? '' : ' (some answered other than 200)'),
  );
  return {
    count,
    exact,
    resyncs,
    noReady,
    readyMs,
    bytes,
    refetchMs,
    refetchBytes,
    failedSends: failedSends.length,
  };
}

/**
 * Opens a stream for each member on `node`: in this process while `budget.local` files remain, the rest in holder
 * processes of up to `budget.perHolder` streams each (lib/live-client.mjs). Returns this process's streams (the
 * first members', in order: the resume drops and reopens those) and pushes every holder's close to `closers`. A
 * stream that fails is reported with how far the opening got and the files each side holds against its limit.
 */
async function openSpread(agent, node, label, members, onEvent, budget, closers) {
  const local = members.slice(0, Math.max(0, budget.local));
  budget.local -= local.length;
  const files = (pid) => `${openFileCount(pid)} files open, limit ${openFilesLimit(pid)?.soft ?? '?'}`;
  const failed = (err, before) =>
    new Error(
      `a stream to ${label} failed after ${before + (err.opened ?? 0)} of ${members.length} were open ` +
        `(${err.code ?? err.message}; this process ${files('self')}, ${label} ${files(node.pid)})`,
      { cause: err },
    );
  const streams = await openStreams(agent, node.url, local, onEvent).catch((err) => {
    throw failed(err, 0);
  });
  for (const stream of streams) closers.push(() => stream.close());
  for (let i = local.length; i < members.length; i += budget.perHolder) {
    const holder = await startHolder(node.url, members.slice(i, i + budget.perHolder), onEvent).catch(
      (err) => {
        throw failed(err, i);
      },
    );
    budget.holders += 1;
    closers.push(() => holder.close());
  }
  return streams;
}

export async function run({ log = console.log } = {}) {
  // Open files: every stream is one on each side of the loopback. The nodes get the most this process may give
  // them (they inherit its limit: raised where allowed); each node's room is checked once it runs, beside the
  // files it holds of its own and its database pool's. The client streams beyond this process's room are held by
  // holder processes, so that only the node's limit decides. Past a limit a stream would fail with a bare
  // ECONNRESET or EMFILE: the bench says so before opening any.
  const spare = 256;
  const { limit, refused } = raiseOpenFiles(Math.max(STREAMS, STREAMS_A + RESUME + SENDERS) + spare);
  const streamsAsked = `LIVE_STREAMS=${STREAMS} LIVE_STREAMS_A=${STREAMS_A} LIVE_RESUME=${RESUME}`;
  ensureLocalPorts(Math.max(STREAMS, STREAMS_A + RESUME + SENDERS), streamsAsked);
  const poolMax = Number(process.env.PG_POOL_MAX ?? 20);
  /** Throws, saying what to raise, when `node` cannot hold `needed` more open files. */
  const checkRoom = (node, label, needed, what) => {
    const own = openFileCount(node.pid);
    const soft = openFilesLimit(node.pid)?.soft ?? Infinity;
    const room = soft - own - poolMax - 16;
    node.files = { own, soft, room };
    if (needed <= room) return;
    throw new Error(
      `${label} may open ${soft} files and holds ${own} of its own (up to ${poolMax} more for its database pool): ` +
        `room for ${room} streams, fewer than ${what} (${needed}). ` +
        raiseOpenFilesHint(needed + own + poolMax + 16) +
        (refused ? ` (this process could not raise it: ${refused})` : ''),
    );
  };
  await ensureApiBuilt();
  const schema = newSchema('bench_live');
  const env = {
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    // One deployment: the same secret on every node.
    APP_SECRET: randomBytes(32).toString('hex'),
    SEED_PROFILES: '3',
    // A full GC before each memory reading (GET /api/_bench/memory.json), so the heap figure is what is live.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim(),
    // Both nodes' database backends by name: the database's CPU per send.
    PGAPPNAME: `${schema} api`,
  };
  const nodeA = await startApi({ label: 'node A', env });
  let nodeB;
  const closers = [];
  const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  const client = await pgClient(schema);
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  const dbCpuOfNodes = dbCpu(client, `${schema} api`);
  try {
    nodeB = await startApi({ label: 'node B', env });
    checkRoom(
      nodeA,
      'node A',
      STREAMS_A + RESUME + SENDERS,
      `LIVE_STREAMS_A + LIVE_RESUME + ${SENDERS} send connections`,
    );
    checkRoom(nodeB, 'node B', STREAMS, `LIVE_STREAMS=${STREAMS}`);
    const site = await defaultSite(client);
    const onB = await makeMembers(client, site, STREAMS, { tag: 'live-b' });
    const onA = await makeMembers(client, site, STREAMS_A, { tag: 'live-a' });
    const senders = await makeMembers(client, site, SENDERS, { credits: 100_000_000, tag: 'live-sender' });
    const mach = machine();
    log(
      `\n== live: real sends through node A to streams on node B (${mach.cores} cores, ${mach.cpu}, node ${mach.node}; ` +
        `open files allowed per process ${limit?.soft ?? '?'}; node B holds ${nodeB.files.own} of its own)`,
    );

    // Capacity: each node's memory before and after its streams are open (the heartbeat runs meanwhile): the
    // resident set, and the JS heap plus buffers after a full GC (the nodes run with --expose-gc).
    const memory = async (node) => {
      const res = await fetch(`${node.url}/api/_bench/memory.json`);
      const m = await res.json();
      return { rss: rssBytes(node.pid), heap: m.heapUsed + m.external };
    };
    await sleep(1000);
    const before = { a: await memory(nodeA), b: await memory(nodeB) };
    const arrivals = new Map(); // message id → [arrival times]
    // Every event a stream got, by the node it is on (messages, counters, chat list changes): the units of node
    // B's CPU per delivered event.
    const eventsOn = { a: 0, b: 0 };
    const onBIds = new Set(onB.map((m) => m.id));
    const onEvent = (member, event, at) => {
      eventsOn[onBIds.has(member.id) ? 'b' : 'a'] += 1;
      if (event.type !== 'message' || event.message.from_me) return;
      const list = arrivals.get(event.message.id);
      if (list) list.push({ at, to: member.id });
      else arrivals.set(event.message.id, [{ at, to: member.id }]);
    };
    const opened = now();
    // This process keeps room for the send connections, the resumed streams, its database client and Redis.
    const budget = {
      local: Math.max(RESUME, (limit?.soft ?? Infinity) - openFileCount() - SENDERS - RESUME - spare),
      perHolder: Math.max(1000, (limit?.soft ?? 20_000) - spare),
      holders: 0,
    };
    const streamsB = await openSpread(streamAgent, nodeB, 'node B', onB, onEvent, budget, closers);
    await openSpread(streamAgent, nodeA, 'node A', onA, onEvent, budget, closers);
    const openSeconds = (now() - opened) / 1000;
    await sleep(2000);
    const after = { a: await memory(nodeA), b: await memory(nodeB) };
    const count = { a: STREAMS_A, b: STREAMS };
    const per = (node, kind) => (count[node] ? (after[node][kind] - before[node][kind]) / count[node] : 0);
    // The larger of the two measures counts.
    const perStream = {
      a: Math.max(per('a', 'rss'), per('a', 'heap')),
      b: Math.max(per('b', 'rss'), per('b', 'heap')),
    };
    const kb = (bytes) => (bytes / 1024).toFixed(1);
    log(
      `${STREAMS} open streams on node B, ${STREAMS_A} on node A (opened in ${openSeconds.toFixed(1)} s; ` +
        `${budget.holders ? `client streams in this process and ${budget.holders} holder processes` : 'client streams in this process'}; ` +
        `node B ${openFileCount(nodeB.pid)} files open of ${nodeB.files.soft}), per open stream: ` +
        `node A +${kb(per('a', 'rss'))} KB resident, +${kb(per('a', 'heap'))} KB heap and buffers after GC ` +
        `(${(after.a.rss / 2 ** 20).toFixed(0)} MB resident); node B +${kb(per('b', 'rss'))} KB resident, ` +
        `+${kb(per('b', 'heap'))} KB heap and buffers (${(before.b.rss / 2 ** 20).toFixed(0)} → ` +
        `${(after.b.rss / 2 ** 20).toFixed(0)} MB resident); ` +
        `target ≤ ${TARGET_STREAM_BYTES / 1024} KB: ` +
        (Math.max(perStream.a, perStream.b) <= TARGET_STREAM_BYTES ? 'met' : 'NOT met'),
    );

    // What the nodes cost with their streams open and nothing sent (the heartbeat, timers, GC): read over
    // IDLE_SECONDS before the sends, so the CPU per unit can be given with and without it.
    const idleSeconds = SMOKE ? 1 : 5;
    const idle0 = { a: cpuMicros(nodeA.pid), b: cpuMicros(nodeB.pid) };
    await sleep(idleSeconds * 1000);
    const idlePerSecond = {
      a: (cpuMicros(nodeA.pid) - idle0.a) / idleSeconds,
      b: (cpuMicros(nodeB.pid) - idle0.b) / idleSeconds,
    };

    // Delivery: sends at a steady rate through node A, each to a member on node B (in turn).
    const watch = loadWatch();
    const events0 = { ...eventsOn };
    const cpu0 = {
      a: cpuMicros(nodeA.pid),
      b: cpuMicros(nodeB.pid),
      redis: await redisCpu(redis).catch(() => NaN),
      db: await dbCpuOfNodes.read(),
    };
    const sends = [];
    const total = Math.round(RATE * SECONDS);
    const started = now();
    for (let i = 0; i < total; i += 1) {
      const from = senders[i % senders.length];
      const to = onB[i % onB.length];
      const sentAt = now();
      sends.push(
        post(sendAgent, `${nodeA.url}/api/messages.php`, from.cookie, {
          member: to.id,
          client_id: randomUUID(),
          type: 'text',
          text: 'Hoi! Hoe gaat het?',
        }).then(
          (res) => ({
            ok: res.status === 200,
            status: res.status,
            text: res.text,
            id: res.status === 200 ? JSON.parse(res.text).message.id : undefined,
            to: to.id,
            sentAt,
            ackAt: res.at,
          }),
          (err) => ({ ok: false, status: 0, text: String(err), sentAt }),
        ),
      );
      const wait = started + ((i + 1) * 1000) / RATE - now();
      if (wait > 0) await sleep(wait);
    }
    const issued = (now() - started) / 1000;
    const results = await Promise.all(sends);
    const done = (now() - started) / 1000;
    const acked = results.filter((r) => r.ok);
    const until = Date.now() + 5000;
    while (Date.now() < until && acked.some((r) => !arrivals.has(r.id))) await sleep(50);
    const window = (now() - started) / 1000;
    const eventsB = eventsOn.b - events0.b;
    const cpu = {
      a: cpuMicros(nodeA.pid) - cpu0.a,
      b: cpuMicros(nodeB.pid) - cpu0.b,
      redis: (await redisCpu(redis).catch(() => NaN)) - cpu0.redis,
      db: (await dbCpuOfNodes.read()) - cpu0.db,
    };
    const load = watch.stop();

    let missing = 0;
    let duplicated = 0;
    let misrouted = 0;
    const ackToEvent = [];
    const sendToEvent = [];
    for (const r of acked) {
      const got = arrivals.get(r.id);
      if (!got) {
        missing += 1;
        continue;
      }
      if (got.length > 1) duplicated += 1;
      if (got[0].to !== r.to) misrouted += 1;
      // An event may arrive before its acknowledgement (the hub is told before the answer is written): 0 ms then.
      ackToEvent.push(Math.max(0, got[0].at - r.ackAt));
      sendToEvent.push(got[0].at - r.sentAt);
    }
    ackToEvent.sort((a, b) => a - b);
    sendToEvent.sort((a, b) => a - b);
    const failed = results.filter((r) => !r.ok);
    log(
      `${total} sends issued in ${issued.toFixed(1)} s (asked ${RATE}/s, reached ${(total / issued).toFixed(0)}/s issued, ` +
        `${(acked.length / done).toFixed(0)}/s acknowledged); acknowledged ${acked.length}, failed ${failed.length}` +
        (failed.length ? ` (first: ${failed[0].status} ${failed[0].text.slice(0, 200)})` : ''),
    );
    log(
      `message events: received ${acked.length - missing} of ${acked.length}, missing ${missing}, ` +
        `duplicated ${duplicated}, at the wrong member ${misrouted}`,
    );
    const p95 = percentile(ackToEvent, 95);
    log(
      `acknowledgement → event: p50 ${ms(percentile(ackToEvent, 50))} ms, p95 ${ms(p95)} ms, p99 ${ms(percentile(ackToEvent, 99))} ms, ` +
        `max ${ms(ackToEvent.at(-1))} ms; request start → event: p50 ${ms(percentile(sendToEvent, 50))} ms, ` +
        `p95 ${ms(percentile(sendToEvent, 95))} ms, p99 ${ms(percentile(sendToEvent, 99))} ms`,
    );
    // The rate counts as held only when the sends were acknowledged at (nearly) the rate asked.
    const held = acked.length / done >= RATE * 0.95;
    log(
      `target p95 < ${TARGET_P95_MS} ms at ${RATE}/s, nothing lost: ` +
        (p95 < TARGET_P95_MS && missing === 0 && failed.length === 0 && held
          ? 'met'
          : `NOT met${held ? '' : ` (sends acknowledged at ${(acked.length / done).toFixed(0)}/s, not ${RATE}/s)`}`) +
        `; ${describeLoad(load)}`,
    );
    // Each acknowledged send makes two logged events (the receiver's on node B, the sender's own copy: Redis
    // logs and publishes both); node B delivers the receiver's message and its counters. "Above idle" takes off
    // what the node cost per second with its streams open and nothing sent (heartbeat, timers, GC).
    const aboveIdle = (node) => cpu[node] - idlePerSecond[node] * window;
    log(
      `CPU per unit (${acked.length} sends acknowledged, ${eventsB} events delivered to node B's streams, ` +
        `${window.toFixed(1)} s): node A ${perUnit(cpu.a, acked.length)} per acknowledged send ` +
        `(${perUnit(aboveIdle('a'), acked.length)} above idle); node B ${perUnit(cpu.b, eventsB)} per delivered ` +
        `event (${perUnit(aboveIdle('b'), eventsB)} above idle; idle ${(idlePerSecond.b / 1000).toFixed(1)} ms/s, ` +
        `node A ${(idlePerSecond.a / 1000).toFixed(1)} ms/s); Redis ${perUnit(cpu.redis, acked.length * 2)} per ` +
        `logged event (the whole server); PostgreSQL backends of both nodes ${perUnit(cpu.db, acked.length)} per send`,
    );
    log(
      `memory per open stream: node A ${(perStream.a / 1024).toFixed(1)} KB, node B ${(perStream.b / 1024).toFixed(1)} KB`,
    );
    if (missing || duplicated || misrouted)
      throw new Error('an acknowledged message did not arrive exactly once');
    if (acked.length === 0) throw new Error('no send was acknowledged');
    const resumed = await measureResume({
      nodeA,
      members: onB,
      streams: streamsB,
      senders,
      streamAgent,
      sendAgent,
      closers,
      log,
    });
    if (resumed.exact !== resumed.count || resumed.resyncs || resumed.failedSends)
      throw new Error('a resumed stream did not get each missed message exactly once without a resync');
    return {
      acked: acked.length,
      failed: failed.length,
      missing,
      duplicated,
      ackToEvent,
      sendToEvent,
      perStream,
      load,
      cpu,
      idlePerSecond,
      eventsB,
      resumed,
    };
  } finally {
    for (const close of closers) close();
    streamAgent.destroy();
    sendAgent.destroy();
    await Promise.all([nodeA.stop(), nodeB?.stop()]);
    await client.end().catch(() => undefined);
    redis.disconnect();
    await dropSchema(schema).catch(() => undefined);
  }
}

main(import.meta, run);

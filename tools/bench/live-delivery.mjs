#!/usr/bin/env node
// Live delivery of real sends across two nodes, and how many open streams a node holds (ADR 0031).
// Two built api nodes started as production does (lib/bench-env.mjs: the same APP_SECRET, DATABASE_URL, schema and
// REDIS_URL, different ports); LIVE_STREAMS open SSE streams per node (one member each: the capacity run reports
// each node's memory per open stream, with the heartbeat running); LIVE_SENDERS paid members send real messages
// (POST /api/messages.php) through node A at LIVE_RATE per second for LIVE_SECONDS to members whose streams are
// open on node B. Prints the sends acknowledged, the message events received (each exactly once, or the missing
// and duplicated ones), p50/p95/p99 of send-acknowledgement → event at the receiver's stream (and of request start →
// event), the rate reached, the machine and the load average. Targets: p95 < 250 ms at 500 sends/s with 5,000
// open streams per node, ≤ 20 KB per open stream, no event lost.
//   node tools/bench/live-delivery.mjs
//   LIVE_STREAMS=5000 LIVE_RATE=500 LIVE_SECONDS=10 node tools/bench/live-delivery.mjs
//   BENCH_SMOKE=1 node tools/bench/live-delivery.mjs      (seconds: what npm test runs)
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  DATABASE_URL,
  REDIS_URL,
  SMOKE,
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
  percentile,
  pgClient,
  rssBytes,
  startApi,
} from './lib/bench-env.mjs';

export const TARGET_P95_MS = 250;
export const TARGET_STREAM_BYTES = 20 * 1024;
const STREAMS = Number(process.env.LIVE_STREAMS ?? (SMOKE ? 20 : 5000));
const SENDERS = Number(process.env.LIVE_SENDERS ?? (SMOKE ? 4 : 100));
const RATE = Number(process.env.LIVE_RATE ?? (SMOKE ? 20 : 500));
const SECONDS = Number(process.env.LIVE_SECONDS ?? (SMOKE ? 2 : 10));

const now = () => performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One SSE stream; `onEvent(event, at)` per `data:` line. Resolves (with its closer) on the stream's first bytes. */
function openStream(agent, url, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/live.php`,
      { agent, headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`live.php answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        let opened = false;
        res.on('data', (chunk) => {
          const at = now();
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            for (const line of block.split('\n'))
              if (line.startsWith('data: ')) onEvent(JSON.parse(line.slice(6)), at);
          }
          if (!opened) {
            opened = true;
            resolve(() => request.destroy());
          }
        });
      },
    );
    request.on('error', reject);
  });
}

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

async function openMany(agent, url, members, onEvent) {
  const closers = [];
  // A few dozen at a time, as browsers arriving would.
  for (let i = 0; i < members.length; i += 100) {
    closers.push(
      ...(await Promise.all(
        members.slice(i, i + 100).map((m) => openStream(agent, url, m.cookie, (e, at) => onEvent(m, e, at))),
      )),
    );
  }
  return closers;
}

export async function run({ log = console.log } = {}) {
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
  };
  const nodeA = await startApi({ label: 'node A', env });
  let nodeB;
  const closers = [];
  const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  const client = await pgClient(schema);
  try {
    nodeB = await startApi({ label: 'node B', env });
    const site = await defaultSite(client);
    const onB = await makeMembers(client, site, STREAMS, { tag: 'live-b' });
    const onA = await makeMembers(client, site, STREAMS, { tag: 'live-a' });
    const senders = await makeMembers(client, site, SENDERS, { credits: 100_000_000, tag: 'live-sender' });
    const mach = machine();
    log(
      `\n== live: real sends through node A to streams on node B (${mach.cores} cores, ${mach.cpu}, node ${mach.node})`,
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
    const onEvent = (member, event, at) => {
      if (event.type !== 'message' || event.message.from_me) return;
      const list = arrivals.get(event.message.id);
      if (list) list.push({ at, to: member.id });
      else arrivals.set(event.message.id, [{ at, to: member.id }]);
    };
    const opened = now();
    closers.push(...(await openMany(streamAgent, nodeB.url, onB, onEvent)));
    closers.push(...(await openMany(streamAgent, nodeA.url, onA, onEvent)));
    const openSeconds = (now() - opened) / 1000;
    await sleep(2000);
    const after = { a: await memory(nodeA), b: await memory(nodeB) };
    const per = (node, kind) => (after[node][kind] - before[node][kind]) / STREAMS;
    // The larger of the two measures counts.
    const perStream = {
      a: Math.max(per('a', 'rss'), per('a', 'heap')),
      b: Math.max(per('b', 'rss'), per('b', 'heap')),
    };
    const kb = (bytes) => (bytes / 1024).toFixed(1);
    log(
      `${STREAMS} open streams per node (opened in ${openSeconds.toFixed(1)} s), per open stream: ` +
        `node A +${kb(per('a', 'rss'))} KB resident, +${kb(per('a', 'heap'))} KB heap and buffers after GC ` +
        `(${(after.a.rss / 2 ** 20).toFixed(0)} MB resident); node B +${kb(per('b', 'rss'))} KB resident, ` +
        `+${kb(per('b', 'heap'))} KB heap and buffers (${(after.b.rss / 2 ** 20).toFixed(0)} MB); ` +
        `target ≤ ${TARGET_STREAM_BYTES / 1024} KB: ` +
        (Math.max(perStream.a, perStream.b) <= TARGET_STREAM_BYTES ? 'met' : 'NOT met'),
    );

    // Delivery: sends at a steady rate through node A, each to a member on node B (in turn).
    const watch = loadWatch();
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
    log(
      `memory per open stream: node A ${(perStream.a / 1024).toFixed(1)} KB, node B ${(perStream.b / 1024).toFixed(1)} KB`,
    );
    if (missing || duplicated || misrouted)
      throw new Error('an acknowledged message did not arrive exactly once');
    if (acked.length === 0) throw new Error('no send was acknowledged');
    return {
      acked: acked.length,
      failed: failed.length,
      missing,
      duplicated,
      ackToEvent,
      sendToEvent,
      perStream,
      load,
    };
  } finally {
    for (const close of closers) close();
    streamAgent.destroy();
    sendAgent.destroy();
    await Promise.all([nodeA.stop(), nodeB?.stop()]);
    await client.end().catch(() => undefined);
    await dropSchema(schema).catch(() => undefined);
  }
}

main(import.meta, run);

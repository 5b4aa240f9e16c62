import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { LiveEvent } from '@dating/shared/contract/index';
import { openLiveStream, type LiveStream } from '../src/testing/live';
import { startNodes, type ApiNode } from '../src/testing/nodes';
import { XHR } from '../src/testing/helpers';

// Real sends in a burst through node A, receivers' streams open on node B (one PostgreSQL, one Redis): every
// acknowledged message reaches its receiver exactly once, and nobody else (ADR 0031: batched publishes, counters
// only for members whose page heard the send). Runs when DATABASE_URL and REDIS_URL are set (jest.config.js).
jest.setTimeout(180_000);
let cluster: Awaited<ReturnType<typeof startNodes>>;
let nodeA: ApiNode;
let nodeB: ApiNode;
let db: pg.Client;

beforeAll(async () => {
  cluster = await startNodes(2);
  [nodeA, nodeB] = cluster.nodes as [ApiNode, ApiNode];
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query(`SET search_path TO ${cluster.schema}`);
});
afterAll(async () => {
  await db?.end();
  await cluster?.stopAll();
});

/** Members with a profile and a session, made in SQL (signup is rate limited per address). */
async function members(count: number, credits: number) {
  const site = (await db.query<{ id: number }>('SELECT id FROM sites ORDER BY is_default DESC, id LIMIT 1'))
    .rows[0]!.id;
  const { rows } = await db.query<{ id: number }>(
    `WITH u AS (
       INSERT INTO users (site_id, email, password_hash, status, paid_user, credits)
       SELECT $1, 'burst-' || g || '-' || md5(random()::text) || '@example.org', 'x', 'confirmed', $3 > 0, $3
       FROM generate_series(1, $2::int) g RETURNING id),
     p AS (INSERT INTO profiles (user_id, name, gender, date_of_birth, country)
           SELECT id, 'Burst ' || id, 'female', '1990-01-01', 'NL' FROM u),
     l AS (INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
           SELECT id, 'purchase', $3, $3, 'order:burst-' || id FROM u WHERE $3 > 0)
     SELECT id FROM u ORDER BY id`,
    [site, count, credits],
  );
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     SELECT unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
    [tokens.map((t) => createHash('sha256').update(t).digest('base64url')), rows.map((r) => r.id)],
  );
  return rows.map((row, i) => ({ id: row.id, cookie: `sid=${tokens[i]}` }));
}

const messageIds = (stream: LiveStream) =>
  stream.events
    .filter((e): e is Extract<LiveEvent, { type: 'message' }> => e.type === 'message' && !e.message.from_me)
    .map((e) => e.message.id);

it('a burst of sends from many members through node A: one live event per message at each receiver on node B', async () => {
  const senders = await members(12, 1_000);
  const receivers = await members(4, 0);
  const bystander = (await members(1, 0))[0]!;
  const streams = await Promise.all(receivers.map((r) => openLiveStream(nodeB.url, r.cookie)));
  const quiet = await openLiveStream(nodeB.url, bystander.cookie);
  expect([...streams, quiet].map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);

  // Every sender writes twice to every receiver, all at once: 96 sends.
  const sends = senders.flatMap((from) =>
    receivers.flatMap((to) =>
      [1, 2].map(async () => {
        const res = await fetch(`${nodeA.url}/api/messages.php`, {
          method: 'POST',
          headers: { ...XHR, cookie: from.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ member: to.id, client_id: randomUUID(), type: 'text', text: 'Hoi' }),
        });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { message: { id: number } };
        return { to: to.id, id: body.message.id };
      }),
    ),
  );
  const stored = await Promise.all(sends);
  expect(new Set(stored.map((s) => s.id)).size).toBe(96);

  const expected = receivers.map((r) =>
    stored
      .filter((s) => s.to === r.id)
      .map((s) => s.id)
      .sort((a, b) => a - b),
  );
  const until = Date.now() + 20_000;
  while (Date.now() < until && streams.some((s, i) => messageIds(s).length < expected[i]!.length)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Time for a duplicate to show up, were there one.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  streams.forEach((stream, i) => {
    expect([...messageIds(stream)].sort((a, b) => a - b)).toEqual(expected[i]);
  });
  expect(messageIds(quiet)).toEqual([]);
  // Each receiver's page heard the sends: its badge (counters) arrived too, with every message counted at last.
  for (const [i, stream] of streams.entries()) {
    const last = await stream.next(
      (e) => e.type === 'counters' && e.unread_messages === expected[i]!.length,
      10_000,
    );
    expect(last).toMatchObject({ type: 'counters', unread_messages: 24 });
  }
  for (const s of [...streams, quiet]) s.close();
});

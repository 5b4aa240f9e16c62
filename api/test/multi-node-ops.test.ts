import pg from 'pg';
import { signupBody, PASSWORD } from '../src/testing/accounts';
import { startBalancer } from '../src/testing/balancer';
import { XHR } from '../src/testing/helpers';
import { startNodes, type ApiNode } from '../src/testing/nodes';

// Two API processes on one PostgreSQL and one Redis behind a load balancer that follows /readyz (README "Several
// machines", ADR 0026). Runs when DATABASE_URL and REDIS_URL are set (jest.config.js), like multi-node.test.ts.
jest.setTimeout(180_000);
let cluster: Awaited<ReturnType<typeof startNodes>>;
let nodeA: ApiNode;
let nodeB: ApiNode;
let balancer: Awaited<ReturnType<typeof startBalancer>>;

beforeAll(async () => {
  // TRUST_PROXY=1: the address a limit counts is the one the proxy in front reports (X-Forwarded-For).
  cluster = await startNodes(2, { LOGIN_RATE_LIMIT: '10', TRUST_PROXY: '1' });
  [nodeA, nodeB] = cluster.nodes as [ApiNode, ApiNode];
  balancer = await startBalancer([nodeA.url, nodeB.url]);
});
afterAll(async () => {
  await balancer?.close();
  await cluster?.stopAll();
});

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`SET search_path TO ${cluster.schema}`);
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function member(base: string) {
  const body = signupBody({ locale: 'en' });
  const res = await fetch(`${base}/api/signup.php`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.50' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
  const cookie = /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
  const { user } = (await res.json()) as { user: { profile: { id: number } } };
  return { cookie, id: user.profile.id, email: body.email as string };
}

describe('limits counted together', () => {
  it('20 sign-in attempts from one address spread over both nodes hit the lockout and the rate limit as one', async () => {
    const m = await member(nodeA.url);
    const statuses: number[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 20; i++) {
      const node = i % 2 ? nodeB : nodeA;
      const res = await fetch(`${node.url}/api/user.php`, {
        method: 'POST',
        headers: { ...XHR, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' },
        body: JSON.stringify({ email: m.email, password: `wrong-${i}` }),
      });
      statuses.push(res.status);
      codes.push(((await res.json()) as { error?: { code: string } }).error?.code ?? '');
    }
    // LOGIN_RATE_LIMIT=10 per address and minute, for both nodes together: the 11th attempt, wherever it lands,
    // is refused (per-node counting would have let 20 through).
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    expect(codes.slice(10)).toEqual(Array(10).fill('rate_limited'));
    // The account lockout (5 failures, in SQL) took hold after the 5th, across both nodes.
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('login_failed'));
    const locked = codes.indexOf('account_locked');
    expect(locked).toBeGreaterThanOrEqual(4);
    expect(locked).toBeLessThanOrEqual(5);
    expect(codes.slice(locked, 10)).toEqual(Array(10 - locked).fill('account_locked'));
    // Another address is not held back by this one's count: it meets the account's lockout, not the limit.
    const other = await fetch(`${nodeB.url}/api/user.php`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.100' },
      body: JSON.stringify({ email: m.email, password: PASSWORD }),
    });
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('account_locked');
  });
});

/**
 * A member's tab as the site's client behaves (shell/src/live/live-channel.ts): one stream through the balancer;
 * when a node says goodbye (`event: reconnect`) or the stream drops, it opens a new one after the hinted delay with
 * the last event id it saw (docs/adr/0039-live-resume.md), and refetches the conversation only when the stream's
 * `ready` says the log no longer covers the gap.
 */
function tab(base: string, cookie: string, partner: number) {
  const live = new Set<number>();
  /** Message events received more than once (replay and live must meet without a duplicate). */
  const twice: number[] = [];
  const refetched = new Set<number>();
  let lastEventId = '';
  let reconnects = 0;
  let resyncs = 0;
  let closed = false;
  let controller: AbortController | null = null;
  /** Resolves at the first stream's `ready`: from then on every event for the member reaches this tab. */
  let opened!: () => void;
  const subscribed = new Promise<void>((resolve) => (opened = resolve));

  async function refetch() {
    let before: string | null = null;
    for (;;) {
      const query: string = `member=${partner}&limit=100${before ? `&before=${before}` : ''}`;
      const res = await fetch(`${base}/api/messages.php?${query}`, { headers: { ...XHR, cookie } });
      if (res.status !== 200) throw new Error(`refetch: ${res.status}`);
      const page = (await res.json()) as { messages: { id: number }[]; next_cursor: string | null };
      for (const m of page.messages) refetched.add(m.id);
      if (!page.next_cursor) return;
      before = page.next_cursor;
    }
  }

  async function open(first: boolean): Promise<void> {
    controller = new AbortController();
    let after = 1_000;
    try {
      const res = await fetch(`${base}/api/live.php`, {
        headers: {
          accept: 'text/event-stream',
          cookie,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        signal: controller.signal,
      });
      if (res.status !== 200) throw new Error(`live: ${res.status}`);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const id = block
            .split('\n')
            .find((line) => line.startsWith('id: '))
            ?.slice(4);
          if (id) lastEventId = id;
          const data = block
            .split('\n')
            .find((line) => line.startsWith('data: '))
            ?.slice(6);
          if (!data) continue;
          const event = JSON.parse(data) as {
            type?: string;
            message?: { id: number };
            after_ms?: number;
            resync?: boolean;
          };
          if (block.includes('event: reconnect')) after = event.after_ms ?? after;
          else if (block.includes('event: ready')) {
            opened();
            if (!first && event.resync !== false) {
              resyncs++;
              await refetch();
            }
          } else if (event.type === 'message' && event.message) {
            if (live.has(event.message.id)) twice.push(event.message.id);
            live.add(event.message.id);
          }
        }
      }
    } catch {
      // dropped or refused: reconnect below
    }
    if (closed) return;
    reconnects++;
    await new Promise((resolve) => setTimeout(resolve, after));
    if (!closed) return open(false);
  }
  const running = open(true);
  return {
    subscribed,
    seen: () => new Set([...live, ...refetched]),
    live: () => live.size,
    twice: () => twice,
    reconnects: () => reconnects,
    resyncs: () => resyncs,
    async close() {
      closed = true;
      controller?.abort();
      await running;
    },
  };
}

describe('a rolling restart', () => {
  it('restarting both nodes one by one under steady requests and live streams loses no request and no message', async () => {
    const sender = await member(balancer.url);
    const receiver = await member(balancer.url);
    await sql('UPDATE users SET credits = 1000000, paid_user = true WHERE id = $1', [sender.id]);
    const tabs = [0, 1, 2].map(() => tab(balancer.url, receiver.cookie, sender.id));
    // The tabs were open before anything was sent (a stream opened after an event has no id to resume from).
    await Promise.all(tabs.map((t) => t.subscribed));

    const accepted: number[] = [];
    const failures: string[] = [];
    let requests = 0;
    let stop = false;
    const call = async (path: string, init: RequestInit = {}) => {
      requests++;
      try {
        const res = await fetch(`${balancer.url}${path}`, init);
        const body = await res.text();
        if (res.status >= 300) failures.push(`${path} ${res.status} ${body.slice(0, 80)}`);
        return { status: res.status, body };
      } catch (err) {
        failures.push(`${path} ${(err as Error).message}`);
        return { status: 0, body: '' };
      }
    };
    let n = 0;
    const senderLoop = async () => {
      while (!stop) {
        const res = await call('/api/messages.php', {
          method: 'POST',
          headers: { ...XHR, cookie: sender.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({
            member: receiver.id,
            client_id: `roll-${Date.now()}-${++n}`,
            type: 'text',
            text: `#${n}`,
          }),
        });
        if (res.status === 200 || res.status === 201)
          accepted.push((JSON.parse(res.body) as { message: { id: number } }).message.id);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const readerLoop = async () => {
      while (!stop) {
        await call('/api/user.php', { headers: { ...XHR, cookie: receiver.cookie } });
        await call('/api/settings.php');
      }
    };
    const load = [senderLoop(), senderLoop(), readerLoop(), readerLoop()];

    const bothReady = async () => {
      while (balancer.ready().length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    };
    const exitCodes: (number | null)[] = [];
    for (const node of [nodeA, nodeB]) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      exitCodes.push(await node.stop());
      await node.start();
      await bothReady();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop = true;
    await Promise.all(load);
    // Events of the last sends are still on their way: give the streams until every accepted message is seen.
    const all = new Set(accepted);
    const until = Date.now() + 10_000;
    while (Date.now() < until && tabs.some((t) => [...all].some((id) => !t.seen().has(id)))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all(tabs.map((t) => t.close()));

    const stored = await sql<{ id: number }>('SELECT id FROM messages WHERE sender_id = $1', [sender.id]);
    const report = {
      requests,
      failures: failures.length,
      messagesAccepted: accepted.length,
      messagesStored: stored.length,
      tabs: tabs.map((t) => ({
        live: t.live(),
        seen: t.seen().size,
        reconnects: t.reconnects(),
        resyncs: t.resyncs(),
      })),
      exitCodes,
    };
    console.log('rolling restart', JSON.stringify(report));
    expect(failures).toEqual([]);
    expect(exitCodes).toEqual([0, 0]);
    expect(accepted.length).toBeGreaterThan(0);
    expect(stored.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      [...accepted].sort((a, b) => a - b),
    );
    for (const t of tabs) {
      expect([...all].filter((id) => !t.seen().has(id))).toEqual([]);
      // Resumed on the other node: each message came once, by replay or live, and without a refetch every one
      // came that way (a gap of a few seconds is far inside the log's bound).
      expect(t.twice()).toEqual([]);
      if (t.resyncs() === 0) expect(t.live()).toBe(all.size);
      // Each tab was moved at least once by a draining node, and came back.
      expect(t.reconnects()).toBeGreaterThan(0);
    }
  });
});

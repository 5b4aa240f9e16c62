import type { AddressInfo } from 'node:net';
import type { LiveEvent, SiteData } from '@dating/shared/contract/index';
import { createTestApp, deployTestVersion, type TestContext } from '../../../testing/helpers';
import { signup } from '../../../testing/accounts';
import { openLiveStream, type LiveStream } from '../../../testing/live';
import { LIVE_LOG_MAX_EVENTS } from '../../../lib/live';
import { member as chatMember, send } from '../../../testing/chat';

// Resuming a dropped stream from the member's event log (docs/adr/0039-live-resume.md), on the one-node path: the
// log in the database (PGlite, or PostgreSQL when DATABASE_URL is set). The Redis log: lib/live-redis.test.ts and
// api/test/multi-node-live.test.ts.
let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ profiles: 3 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

const userIdOf = async (cookie: string) =>
  (await t.app.services.sessions.lookup(cookie.replace('sid=', '')))!.userId;
const counters = (credits: number): LiveEvent => ({
  type: 'counters',
  unread_messages: 0,
  new_likes: 0,
  credits,
  paid_user: false,
});
const creditsOf = (stream: LiveStream) =>
  stream.events.flatMap((e) => (e.type === 'counters' ? [e.credits] : []));
const ready = (stream: LiveStream) => stream.named.filter((n) => n.type === 'ready');
/** Published events are stored first (one statement per batch): wait until the member's log has them. */
async function publishStored(userId: number, events: LiveEvent[]) {
  for (const event of events) t.app.services.live.publish(userId, event);
  await t.app.services.live.resume(userId, null);
}
async function logSize(userId: number) {
  const [row] = await t.app.database.raw.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM live_events WHERE user_id = $1',
    [userId],
  );
  return row!.n;
}
async function member() {
  const m = await signup(t);
  return { ...m, id: await userIdOf(m.cookie) };
}

describe('live stream resume (Last-Event-ID)', () => {
  it('a fresh stream ends its opening with `ready` carrying its place in the log; events carry increasing ids', async () => {
    const a = await member();
    const stream = await openLiveStream(base, a.cookie);
    expect(stream.text()).toMatch(
      /^retry: \d+\n: open\n\nid: \d+\nevent: ready\ndata: \{"resync":false\}\n\n$/,
    );
    const head = stream.lastEventId()!;
    t.app.services.live.publish(a.id, counters(1));
    t.app.services.live.publish(a.id, counters(2));
    await stream.next((e) => e.type === 'counters' && e.credits === 2);
    const [first, second] = stream.ids.map(Number);
    expect(first).toBeGreaterThan(Number(head));
    expect(second).toBeGreaterThan(first!);
    stream.close();
  });

  it('a stream that reconnects with Last-Event-ID gets what it missed, exactly once and in order, then live events', async () => {
    const a = await member();
    // Ids that gain a digit on the way (ordered as numbers, not as text).
    await t.app.database.raw.query("SELECT setval('live_events_id_seq', 997)");
    const first = await openLiveStream(base, a.cookie);
    t.app.services.live.publish(a.id, counters(10));
    await first.next();
    const last = first.lastEventId()!;
    first.close();
    await publishStored(a.id, [counters(11), counters(12), { type: 'likes_changed' }]);
    // Typing is not logged: a hint is stale by the time the client is back.
    t.app.services.live.publish(a.id, { type: 'typing', conversation: 1, member: 2 });

    const again = await openLiveStream(base, a.cookie, { lastEventId: last });
    expect(again.events).toEqual([counters(11), counters(12), { type: 'likes_changed' }]);
    expect(ready(again)).toEqual([{ type: 'ready', data: { resync: false }, id: again.ids.at(-1) }]);
    t.app.services.live.publish(a.id, counters(13));
    await again.next((e) => e.type === 'counters' && e.credits === 13);
    expect(creditsOf(again)).toEqual([11, 12, 13]);
    again.close();
  });

  it('`?last_event_id=` resumes a new EventSource the client opened itself; the header wins over it', async () => {
    const a = await member();
    const first = await openLiveStream(base, a.cookie);
    const head = first.lastEventId()!;
    first.close();
    await publishStored(a.id, [counters(20)]);
    const byQuery = await openLiveStream(base, a.cookie, { query: `last_event_id=${head}` });
    expect(creditsOf(byQuery)).toEqual([20]);
    const after20 = byQuery.lastEventId()!;
    byQuery.close();
    await publishStored(a.id, [counters(21)]);
    // The browser reconnects the same EventSource: its URL still names the first id, the header the newest.
    const both = await openLiveStream(base, a.cookie, {
      query: `last_event_id=${head}`,
      lastEventId: after20,
    });
    expect(creditsOf(both)).toEqual([21]);
    both.close();
  });

  it('a stream that dropped before its first event resumes too (an anchor marks where it started)', async () => {
    const a = await member();
    const first = await openLiveStream(base, a.cookie);
    const head = first.lastEventId()!;
    first.close();
    await publishStored(a.id, [counters(30)]);
    const again = await openLiveStream(base, a.cookie, { lastEventId: head });
    expect(again.events).toEqual([counters(30)]);
    expect(ready(again)[0]!.data).toEqual({ resync: false });
    again.close();
  });

  it('a gap the log no longer covers (more than its bound) is answered with one resync and no replay', async () => {
    const a = await member();
    const first = await openLiveStream(base, a.cookie);
    const last = first.lastEventId()!;
    first.close();
    const many = Array.from({ length: LIVE_LOG_MAX_EVENTS + 5 }, (_, i) => counters(100 + i));
    await publishStored(a.id, many);
    expect(await logSize(a.id)).toBeLessThanOrEqual(LIVE_LOG_MAX_EVENTS + many.length);
    const again = await openLiveStream(base, a.cookie, { lastEventId: last });
    expect(again.events).toEqual([]);
    expect(ready(again)).toEqual([
      { type: 'ready', data: { resync: true }, id: expect.stringMatching(/^\d+$/) },
    ]);
    // From the new head on, it resumes again.
    const head = again.lastEventId()!;
    again.close();
    await publishStored(a.id, [counters(1)]);
    const third = await openLiveStream(base, a.cookie, { lastEventId: head });
    expect(third.events).toEqual([counters(1)]);
    third.close();
    // Pruned by count on append: the bound plus one append's worth at most, whatever was published.
    expect(await logSize(a.id)).toBeLessThanOrEqual(LIVE_LOG_MAX_EVENTS + 1);
  });

  it('odd or foreign ids are not covered: a resync, never a 500, and nothing of another member', async () => {
    const a = await member();
    const b = await member();
    const other = await openLiveStream(base, b.cookie);
    await publishStored(b.id, [counters(666)]);
    await other.next();
    const foreign = other.lastEventId()!;
    other.close();
    const first = await openLiveStream(base, a.cookie);
    first.close();
    for (const id of [
      foreign,
      'abc',
      '-1',
      '0',
      '1-2',
      '99999999999999999999999',
      '1e5',
      ' 5',
      'x'.repeat(5000),
    ]) {
      const stream = await openLiveStream(base, a.cookie, { lastEventId: id });
      expect(stream.status).toBe(200);
      expect(stream.events).toEqual([]);
      expect(ready(stream)[0]!.data).toEqual({ resync: true });
      stream.close();
    }
    const byQuery = await openLiveStream(base, a.cookie, {
      query: `last_event_id=${encodeURIComponent(foreign)}`,
    });
    expect(byQuery.events).toEqual([]);
    expect(ready(byQuery)[0]!.data).toEqual({ resync: true });
    byQuery.close();
  });

  it('events published while a stream reconnects arrive exactly once (replay and live meet without a gap)', async () => {
    const a = await member();
    const first = await openLiveStream(base, a.cookie);
    const last = first.lastEventId()!;
    first.close();
    let credits = 1000;
    let publishing = true;
    // Fewer than the log's bound in all, one every millisecond or so, before, while and after the stream opens.
    const burst = (async () => {
      while (publishing && credits < 1000 + LIVE_LOG_MAX_EVENTS * 0.8) {
        t.app.services.live.publish(a.id, counters(credits++));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const again = await openLiveStream(base, a.cookie, { lastEventId: last });
    await new Promise((resolve) => setTimeout(resolve, 10));
    publishing = false;
    await burst;
    const final = credits - 1;
    await again.next((e) => e.type === 'counters' && e.credits === final);
    const got = creditsOf(again);
    expect(got).toEqual(Array.from({ length: final - 999 }, (_, i) => 1000 + i));
    expect(ready(again)[0]!.data).toEqual({ resync: false });
    again.close();
  });

  it('real sends while a stream is down (message, the sender\u2019s copy, counters) are replayed exactly once', async () => {
    const a = await chatMember(t, { topUp: 100 });
    const b = await chatMember(t);
    const first = await openLiveStream(base, b.cookie);
    expect((await send(t, a, { member: b.id, text: 'live' })).statusCode).toBe(200);
    await first.next((e) => e.type === 'message');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const last = first.lastEventId()!;
    first.close();
    await first.ended;
    const texts = ['een', 'twee', 'drie'];
    for (const text of texts) expect((await send(t, a, { member: b.id, text })).statusCode).toBe(200);
    await t.app.services.live.settled();
    const again = await openLiveStream(base, b.cookie, { lastEventId: last });
    expect(ready(again)[0]!.data).toEqual({ resync: false });
    expect(again.events.flatMap((e) => (e.type === 'message' ? [e.message.text] : []))).toEqual(texts);
    again.close();
  });

  it("a member's page names where their log stood; its first stream replays what came while the page loaded", async () => {
    await deployTestVersion(t.app, 'shell', '1.0.0-aaaa', {
      'entry-assets.json': JSON.stringify({ main: { js: ['main.js'], css: ['main.css'], preload: [] } }),
      'mf-manifest.json': '{}',
    });
    const a = await member();
    const page = await fetch(`${base}/members`, { headers: { cookie: a.cookie } });
    const html = await page.text();
    const data = JSON.parse(
      /<script type="application\/json" id="site-data">([\s\S]*?)<\/script>/.exec(html)![1]!,
    ) as SiteData;
    expect(data.liveFrom).toMatch(/^\d+$/);
    // After the page, before its first stream (the page fetching its data meanwhile).
    await publishStored(a.id, [counters(30), { type: 'likes_changed' }]);
    const first = await openLiveStream(base, a.cookie, { query: `last_event_id=${data.liveFrom}` });
    expect(first.events).toEqual([counters(30), { type: 'likes_changed' }]);
    expect(ready(first)).toEqual([{ type: 'ready', data: { resync: false }, id: first.ids.at(-1) }]);
    first.close();
    // A visitor's page has no place in a log.
    const visitor = await (await fetch(`${base}/login`)).text();
    expect(visitor).not.toContain('"liveFrom"');
  });

  it('the age sweep empties logs past their age', async () => {
    const a = await member();
    await publishStored(a.id, [counters(1)]);
    await t.app.database.raw.query(
      "UPDATE live_events SET created_at = now() - interval '1 day' WHERE user_id = $1",
      [a.id],
    );
    await t.app.services.live.sweep();
    const rows = await t.app.database.raw.query('SELECT 1 FROM live_events WHERE user_id = $1', [a.id]);
    expect(rows).toEqual([]);
  });
});

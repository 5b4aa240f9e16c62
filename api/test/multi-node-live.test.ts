import type { LiveEvent } from '@dating/shared/contract/index';
import { profileFixture } from '@dating/shared/testing/fixtures';
import { signupBody, PASSWORD } from '../src/testing/accounts';
import { openLiveStream } from '../src/testing/live';
import { startNodes, type ApiNode } from '../src/testing/nodes';
import { startFakePushService } from '../src/testing/push';
import { XHR } from '../src/testing/helpers';
import { eventually } from '../src/testing/eventually';

// Two API processes on one PostgreSQL and one Redis, started as the README says (same DATABASE_URL and
// REDIS_URL, different PORT). Runs when both are configured (jest.config.js), like multi-node.test.ts.
jest.setTimeout(120_000);
let cluster: Awaited<ReturnType<typeof startNodes>>;
let nodeA: ApiNode;
let nodeB: ApiNode;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;

beforeAll(async () => {
  pushService = await startFakePushService();
  // BENCH=1 gives node A the path that publishes an event, as a writer does after its commit.
  cluster = await startNodes(2, { BENCH: '1', NODE_EXTRA_CA_CERTS: pushService.certFile });
  [nodeA, nodeB] = cluster.nodes as [ApiNode, ApiNode];
});
afterAll(async () => {
  await cluster?.stopAll();
  await pushService?.close();
});

async function member(node: ApiNode) {
  const body = signupBody({ locale: 'en' });
  const res = await fetch(`${node.url}/api/signup.php`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
  const cookie = /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
  const { user } = (await res.json()) as { user: { profile: { id: number } } };
  return { cookie, id: user.profile.id, email: body.email as string };
}
const publishOn = async (node: ApiNode, userIds: number[], event: LiveEvent) => {
  const res = await fetch(`${node.url}/api/_bench/live.php`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({ user_ids: userIds, event }),
  });
  expect(res.status).toBe(204);
};
const subscribePush = async (node: ApiNode, cookie: string, name: string) => {
  const res = await fetch(`${node.url}/api/user.php?push=1`, {
    method: 'POST',
    headers: { ...XHR, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(pushService.subscription(name)),
  });
  expect(res.status).toBe(200);
};
const message = (conversation: number): LiveEvent => ({
  type: 'message',
  conversation,
  message: {
    id: 1,
    conversation,
    client_id: null,
    from_me: false,
    type: 'text',
    text: 'Hoi',
    gift: null,
    photo: null,
    sent_at: new Date().toISOString(),
    read_at: null,
  },
  chat: {
    conversation: { id: conversation, updated_at: new Date().toISOString() },
    profile: profileFixture({ id: 1, name: 'Anna' }),
    num_unread_messages: 1,
    last_message: null,
  },
});

describe('live delivery across two API processes', () => {
  it('an event published on node A reaches the stream connected to node B', async () => {
    const b = await member(nodeA);
    const stream = await openLiveStream(nodeB.url, b.cookie);
    expect(stream.status).toBe(200);
    await publishOn(nodeA, [b.id], message(1001));
    expect(await stream.next()).toMatchObject({ type: 'message', conversation: 1001 });
    stream.close();
  });

  it('no connection anywhere: node A sends a Web Push; a connection on node B: no push', async () => {
    const offline = await member(nodeA);
    const online = await member(nodeA);
    await subscribePush(nodeA, offline.cookie, 'offline');
    await subscribePush(nodeB, online.cookie, 'online');
    const stream = await openLiveStream(nodeB.url, online.cookie);
    await publishOn(nodeA, [offline.id, online.id], message(2002));
    await stream.next((event) => event.type === 'message');
    expect(await eventually(() => pushService.count('offline') === 1)).toBe(true);
    // Node A learned from Redis (PUBLISH reached one node) that `online` is connected elsewhere.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(pushService.count('online')).toBe(0);
    stream.close();
  });

  it('a logout through node A closes the member’s stream on node B', async () => {
    const m = await member(nodeA);
    const login = await fetch(`${nodeA.url}/api/user.php`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: JSON.stringify({ email: m.email, password: PASSWORD }),
    });
    const second = /sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
    const [ending, kept] = await Promise.all([
      openLiveStream(nodeB.url, m.cookie),
      openLiveStream(nodeB.url, second),
    ]);
    await fetch(`${nodeA.url}/api/logout.php`, { headers: { ...XHR, cookie: m.cookie } });
    await ending.ended;
    await publishOn(nodeA, [m.id], { type: 'likes_changed' });
    expect(await kept.next()).toEqual({ type: 'likes_changed' });
    kept.close();
  });

  it('a stream that dropped on node A resumes on node B with Last-Event-ID: each event sent meanwhile exactly once', async () => {
    const m = await member(nodeA);
    const first = await openLiveStream(nodeA.url, m.cookie);
    await publishOn(nodeA, [m.id], message(3000));
    await first.next();
    const last = first.lastEventId()!;
    expect(last).toMatch(/^\d+-\d+$/);
    first.close();
    await first.ended;
    // Sent through node A while the member has no stream anywhere.
    for (const conversation of [3001, 3002, 3003]) await publishOn(nodeA, [m.id], message(conversation));
    const again = await openLiveStream(nodeB.url, m.cookie, { lastEventId: last });
    expect(again.events.map((e) => (e.type === 'message' ? e.conversation : e.type))).toEqual([
      3001, 3002, 3003,
    ]);
    expect(again.named).toEqual([{ type: 'ready', data: { resync: false }, id: again.ids.at(-1) }]);
    await publishOn(nodeA, [m.id], message(3004));
    await again.next((e) => e.type === 'message' && e.conversation === 3004);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again.events.map((e) => (e.type === 'message' ? e.conversation : e.type))).toEqual([
      3001, 3002, 3003, 3004,
    ]);
    // An id the member's log does not hold: one resync, nothing replayed.
    const unknown = await openLiveStream(nodeB.url, m.cookie, { lastEventId: '1-0' });
    expect(unknown.events).toEqual([]);
    expect(unknown.named[0]?.data).toEqual({ resync: true });
    [again, unknown].forEach((s) => s.close());
  });
});

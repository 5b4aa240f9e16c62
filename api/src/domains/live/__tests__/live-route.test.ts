import { connect, type AddressInfo, type Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import Fastify from 'fastify';
import type { LiveEvent } from '@dating/shared/contract/index';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { signup } from '../../../testing/accounts';
import { openLiveStream } from '../../../testing/live';
import { hashToken } from '../../accounts';
import { releaseFastify, takeSocket } from '../routes/live';

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ profiles: 5 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

const userIdOf = async (cookie: string) =>
  (await t.app.services.sessions.lookup(cookie.replace('sid=', '')))!.userId;
const likesChanged: LiveEvent = { type: 'likes_changed' };
const counters = (credits: number): LiveEvent => ({
  type: 'counters',
  unread_messages: 1,
  new_likes: 2,
  credits,
  paid_user: false,
});

describe('GET /api/live.php (Server-Sent Events behind the session cookie)', () => {
  it('refuses a visitor with 403 auth_required', async () => {
    const stream = await openLiveStream(base);
    expect(stream.status).toBe(403);
    await stream.ended;
    expect(JSON.parse(stream.text()).error.code).toBe('auth_required');
  });

  it('streams the events published for the member to every tab, and only theirs', async () => {
    const a = await signup(t);
    const b = await signup(t);
    const [tab1, tab2, other] = await Promise.all([
      openLiveStream(base, a.cookie),
      openLiveStream(base, a.cookie),
      openLiveStream(base, b.cookie),
    ]);
    expect(tab1.status).toBe(200);
    expect(tab1.text()).toMatch(/^retry: \d+\n/);
    const aId = await userIdOf(a.cookie);
    t.app.services.live.publish(aId, counters(7));
    t.app.services.live.publish([aId], likesChanged);
    for (const tab of [tab1, tab2]) {
      await tab.next((e) => e.type === 'likes_changed');
      expect(tab.events).toEqual([counters(7), likesChanged]);
    }
    t.app.services.live.publish(await userIdOf(b.cookie), counters(1));
    await other.next();
    expect(other.events).toEqual([counters(1)]);
    expect(tab1.events).toHaveLength(2);
    [tab1, tab2, other].forEach((s) => s.close());
  });

  it('a closed tab is unsubscribed; the member counts as unconnected after the last one', async () => {
    const a = await signup(t);
    const id = await userIdOf(a.cookie);
    const stream = await openLiveStream(base, a.cookie);
    expect(t.app.services.live.connections(id)).toBe(1);
    stream.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.app.services.live.connections(id)).toBe(0);
  });

  it('a logout ends that session’s streams; a password change ends the other sessions’ streams', async () => {
    const a = await signup(t);
    const stream = await openLiveStream(base, a.cookie);
    const res = await t.call({ method: 'GET', url: '/api/logout.php', cookie: a.cookie });
    expect(res.statusCode).toBeLessThan(300);
    await stream.ended;
    expect((await openLiveStream(base, a.cookie)).status).toBe(403);

    const b = await signup(t);
    const other = await t.login(b.email, b.password);
    const [kept, ended] = await Promise.all([openLiveStream(base, b.cookie), openLiveStream(base, other)]);
    await t.app.services.sessions.destroyAllFor(await userIdOf(b.cookie), b.cookie.replace('sid=', ''));
    await ended.ended;
    t.app.services.live.publish(await userIdOf(b.cookie), likesChanged);
    await kept.next();
    kept.close();
  });

  it('liveCounters publishes the member’s counters as the server has them (dev path: credits granted)', async () => {
    const a = await signup(t);
    const stream = await openLiveStream(base, a.cookie);
    const res = await t.call({
      method: 'POST',
      url: '/dev/live/credit.json',
      payload: { email: a.email, amount: 5, paid: true },
    });
    expect(res.statusCode).toBe(200);
    const before = (await t.app.services.liveCounters.of(await userIdOf(a.cookie)))!;
    expect(await stream.next((e) => e.type === 'counters')).toEqual({ ...before, paid_user: true });
    expect(before).toMatchObject({ type: 'counters', unread_messages: 0, new_likes: 0, paid_user: true });
    expect(before.credits).toBe(res.json().credits);
    stream.close();
  });

  it('the heartbeat re-checks every open stream’s session in one query (expired or deleted ones drop out)', async () => {
    const a = await signup(t);
    const b = await signup(t);
    const [hashA, hashB] = [a, b].map((m) => hashToken(m.cookie.replace('sid=', '')));
    await t.app.database.raw.query(
      "UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1",
      [hashB],
    );
    const valid = await t.app.services.sessions.stillValid([hashA!, hashB!, 'unknown']);
    expect([...valid]).toEqual([hashA]);
  });
});

describe('an open stream holds only what it needs', () => {
  it('lets go of Fastify\u2019s request, reply and logger (its end-of-response listener, found by name)', async () => {
    // With a logger (the api has one) Fastify listens for the response's end.
    const app = Fastify({ logger: { level: 'silent' } });
    let listeners: { before: string[]; after: string[]; released: number } | undefined;
    app.get('/stream', async (_request, reply) => {
      reply.hijack();
      const res: ServerResponse = reply.raw;
      const names = () => [...res.listeners('finish'), ...res.listeners('error')].map((l) => l.name);
      const before = names();
      const released = releaseFastify(res);
      listeners = { before, after: names(), released };
      res.end('ok');
    });
    await app.inject({ method: 'GET', url: '/stream' });
    await app.close();
    // A Fastify that renames it would keep every stream's request objects alive again: this says so.
    expect(listeners!.before.filter((n) => n === 'onResFinished')).toHaveLength(2);
    expect(listeners!.released).toBe(2);
    expect(listeners!.after).not.toContain('onResFinished');
  });

  it('takes its connection from node:http: its own head, then only the socket (no parser, request or response)', async () => {
    const app = Fastify({ logger: { level: 'silent' } });
    let taken: { socket: Socket | null; parser: unknown; listeners: string[] } | undefined;
    app.get('/stream', async (_request, reply) => {
      reply.hijack();
      const stream = takeSocket(reply.raw);
      const socket = stream?.socket ?? null;
      const events = ['data', 'end', 'close', 'drain', 'error', 'timeout', 'resume', 'pause'] as const;
      taken = {
        socket,
        parser: (socket as unknown as { parser: unknown } | null)?.parser,
        listeners: socket ? events.flatMap((e) => socket.listeners(e).map((l) => l.name)) : [],
      };
      stream?.write('data: {"type":"likes_changed"}\n\n');
      stream?.write(': ping\n\n');
      socket?.end();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/stream`;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('connection')).toBe('close');
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(await res.text()).toBe('data: {"type":"likes_changed"}\n\n: ping\n\n');
    await app.close();
    // A Node that renames what node:http binds per connection would leave them all in place: this says so.
    expect(taken!.socket).not.toBeNull();
    expect(taken!.parser).toBeNull();
    expect(taken!.listeners.filter((n) => /socketOn|onSocket|onServerResponse/.test(n))).toEqual([]);
  });

  it('sends its head with the first bytes, not before: a client sees the stream open only once it is written', async () => {
    // A client (an EventSource's `open`, the e2e specs) takes the head as the stream being subscribed.
    const app = Fastify({ logger: { level: 'silent' } });
    app.get('/quiet', async (_request, reply) => {
      reply.hijack();
      takeSocket(reply.raw)?.socket.end();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const received = await new Promise<string>((resolve, reject) => {
      const client = connect({ port, host: '127.0.0.1' }, () => {
        client.write('GET /quiet HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
      });
      let text = '';
      client.setEncoding('utf8');
      client.on('data', (chunk: string) => (text += chunk));
      client.on('end', () => resolve(text));
      client.on('error', reject);
    });
    await app.close();
    // The stream ended before its first write: no head went out, so no client saw it open.
    expect(received).toBe('');
  });
});

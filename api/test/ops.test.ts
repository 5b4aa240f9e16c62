import type { AddressInfo } from 'node:net';
import { freePort } from '../src/testing/nodes';
import { openLiveStream } from '../src/testing/live';
import { createTestApp, type TestContext } from '../src/testing/helpers';
import { startOpsServer } from '../src/plugins/ops';

// Health, readiness, metrics and draining of one node (README "Several machines", ADR 0026), on PGlite or, with
// DATABASE_URL, PostgreSQL. The several-node behaviour is in multi-node-ops.test.ts.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 3, loginRateLimit: 3 });
});
afterAll(async () => t.close());

// A new address typed each time: the account lockout (per typed address) stays out of the count.
let typed = 0;
const wrongLogin = (ip: string) =>
  t.call({
    method: 'POST',
    url: '/api/user.php',
    remoteAddress: ip,
    payload: { email: `nobody-${++typed}@example.com`, password: 'not-the-password' },
  });

describe('health and readiness', () => {
  it('/healthz and /readyz answer JSON, not the site’s HTML page', async () => {
    const health = await t.call({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.call({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['content-type']).toMatch(/^application\/json/);
    expect(ready.json()).toEqual({ ready: true, state: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });

  it('a part that does not answer makes the node unready, and ready again once it answers', async () => {
    let answers = false;
    t.app.ops.addReadinessCheck('storage', async () => {
      if (!answers) throw new Error('bucket unreachable');
    });
    const down = await t.call({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ ready: false, checks: { database: 'ok', storage: 'failed' } });
    answers = true;
    t.app.ops.addReadinessCheck('storage', async () => undefined);
    expect((await t.call({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('counts requests per route pattern and status, and reports streams, outboxes, reconciliation and the pool', async () => {
    await t.call({ method: 'GET', url: '/api/settings.php' });
    await t.call({ method: 'GET', url: '/api/member.php?id=999999' });
    const text = await t.app.ops.metrics.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/settings.php",status="200"\} [1-9]/,
    );
    // The pattern, never the raw URL with its query or ids.
    expect(text).toContain('route="/api/member.php",status="404"');
    expect(text).not.toMatch(/route="[^"]*(\?|999999)/);
    for (const name of [
      'live_streams_open 0',
      'live_events_published_total',
      'mail_outbox_backlog',
      'sms_outbox_backlog',
      'payment_reconciliation_lag_seconds 0',
      'process_cpu_user_seconds_total',
    ]) {
      expect(text).toContain(name);
    }
    if (process.env.DATABASE_URL) expect(text).toMatch(/db_pool_connections\{state="max"\} \d+/);
  });

  it('are served on the operators’ port only: the public port answers /metrics with the site’s 404, never the numbers', async () => {
    const pub = await t.call({ method: 'GET', url: '/metrics' });
    expect(pub.body).not.toContain('http_request_duration_seconds');
    const server = await startOpsServer(t.app, 0, '127.0.0.1');
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toContain('http_request_duration_seconds_count');
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('rate limits without Redis, or with a Redis that is gone', () => {
  it('count on this node (no REDIS_URL): the 4th sign-in of an address in a minute is refused', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await wrongLogin('203.0.113.7')).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
    // Another address has its own count.
    expect((await wrongLogin('203.0.113.8')).statusCode).toBe(401);
  });

  it('with REDIS_URL pointing at nothing: limits fall back to this node’s count (never to none), the site stays up, /readyz says why', async () => {
    const port = await freePort();
    const node = await createTestApp({
      profiles: 3,
      loginRateLimit: 3,
      redisUrl: `redis://127.0.0.1:${port}`,
    });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        const res = await node.call({
          method: 'POST',
          url: '/api/user.php',
          remoteAddress: '198.51.100.4',
          payload: { email: 'demo@example.com', password: 'not-the-password' },
        });
        answers.push(res.statusCode);
      }
      expect(answers).toEqual([401, 401, 401, 429]);
      expect((await node.call({ method: 'GET', url: '/api/settings.php' })).statusCode).toBe(200);
      const ready = await node.call({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.redis).not.toBe('ok');
    } finally {
      await node.close();
    }
  });
});

describe('draining', () => {
  it('a node that drains is unready at once; on close its live streams end with a reconnect hint and the close does not wait for them', async () => {
    const node = await createTestApp({ profiles: 3 });
    await node.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = node.app.server.address() as AddressInfo;
    const cookie = await node.login();
    const stream = await openLiveStream(`http://127.0.0.1:${port}`, cookie);
    expect(stream.status).toBe(200);
    const before = await fetch(`http://127.0.0.1:${port}/api/settings.php`);
    expect(before.headers.get('connection')).toBe('keep-alive');
    await before.arrayBuffer();
    await node.app.ops.drain();
    const ready = await node.call({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, state: 'draining' });
    // Still answering while the load balancer notices, each answer closing its connection: nothing is sent
    // again on a connection the node will close.
    const settings = await fetch(`http://127.0.0.1:${port}/api/settings.php`);
    expect(settings.status).toBe(200);
    expect(settings.headers.get('connection')).toBe('close');
    await settings.arrayBuffer();
    await node.close();
    await stream.ended;
    expect(stream.text()).toMatch(/retry: \d+\nevent: reconnect\ndata: \{"after_ms":\d+\}\n\n$/);
  });
});

import { startTcpProxy } from '../src/testing/tcp-proxy';
import { createTestApp, type TestContext } from '../src/testing/helpers';

// /readyz and the limits when PostgreSQL or Redis go away under a running node (README "Several machines",
// ADR 0026). The shared servers keep running: the node reaches them through a TCP proxy this test cuts.
// Runs on PostgreSQL (DATABASE_URL); the Redis case also needs REDIS_URL.
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const pgDescribe = databaseUrl ? describe : describe.skip;
const redisIt = redisUrl ? it : it.skip;
jest.setTimeout(120_000);

// A new address typed each time: the account lockout (per typed address) stays out of the count.
let typed = 0;
const wrongLogin = (t: TestContext) =>
  t.call({
    method: 'POST',
    url: '/api/user.php',
    remoteAddress: '198.51.100.20',
    payload: { email: `nobody-${++typed}@example.com`, password: 'not-the-password' },
  });

pgDescribe('a node whose database goes away', () => {
  it('/readyz turns false when PostgreSQL stops answering or refuses, and true again when it is back; /healthz stays 200', async () => {
    const target = new URL(databaseUrl!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(databaseUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const t = await createTestApp({ profiles: 3, databaseUrl: proxied.toString() });
    try {
      const ready = async () => {
        // Past the one-second answer cache of /readyz.
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        return t.call({ method: 'GET', url: '/readyz' });
      };
      expect((await ready()).statusCode).toBe(200);

      proxy.cut();
      const cut = await ready();
      expect(cut.statusCode).toBe(503);
      expect(cut.json()).toMatchObject({ ready: false, state: 'ready', checks: { database: 'failed' } });
      expect((await t.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      proxy.restore();
      expect((await ready()).statusCode).toBe(200);

      proxy.freeze();
      const frozen = await ready();
      expect(frozen.statusCode).toBe(503);
      expect(frozen.json().checks.database).toBe('timeout');
      proxy.cut();
      proxy.restore();
      let back = await ready();
      for (let i = 0; i < 10 && back.statusCode !== 200; i++) back = await ready();
      expect(back.statusCode).toBe(200);
    } finally {
      proxy.restore();
      await t.close();
      await proxy.close();
    }
  });

  redisIt(
    'Redis stops answering: limits go on counting on this node (never unlimited), the site answers, /readyz says redis',
    async () => {
      const target = new URL(redisUrl!);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const t = await createTestApp({
        profiles: 3,
        loginRateLimit: 3,
        redisUrl: `redis://127.0.0.1:${proxy.port}`,
      });
      try {
        // Wait for the connection, then two attempts counted in Redis.
        while ((await t.call({ method: 'GET', url: '/readyz' })).statusCode !== 200)
          await new Promise((resolve) => setTimeout(resolve, 200));
        expect([(await wrongLogin(t)).statusCode, (await wrongLogin(t)).statusCode]).toEqual([401, 401]);
        proxy.freeze();
        // Redis no longer answers: each attempt waits for the command timeout, then counts here. The local count
        // starts from nothing, so at most the limit passes again during the outage, then 429.
        const during: number[] = [];
        for (let i = 0; i < 4; i++) during.push((await wrongLogin(t)).statusCode);
        expect(during).toEqual([401, 401, 401, 429]);
        expect((await t.call({ method: 'GET', url: '/api/settings.php' })).statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        const ready = await t.call({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json().checks.redis).not.toBe('ok');
      } finally {
        proxy.restore();
        await t.close();
        await proxy.close();
      }
    },
  );
});

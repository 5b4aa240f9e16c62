import { ConfigError, configFromEnv } from '../../src/config';
import { buildApp } from '../../src/app';
import { DEMO_EMAIL, XHR, createTestApp, type TestContext } from '../../src/testing/helpers';

const SECRET = 'a-test-secret-of-more-than-thirty-two-characters';
// Production also needs a mail decision (SMTP_URL, or keeping mail in the outbox on purpose).
const MAIL = { MAIL_OUTBOX_ONLY: '1' };

describe('configuration', () => {
  test('the server listens on loopback unless HOST opens it', () => {
    expect(configFromEnv({}).host).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  test('NODE_ENV=production, or a DATABASE_URL without a development NODE_ENV, is production', () => {
    expect(configFromEnv({ NODE_ENV: 'production', ...MAIL }).production).toBe(true);
    expect(configFromEnv({ DATABASE_URL: 'postgres://db/x', ...MAIL }).production).toBe(true);
    expect(configFromEnv({ DATABASE_URL: 'postgres://db/x', NODE_ENV: 'test' }).production).toBe(false);
    expect(configFromEnv({}).production).toBe(false);
  });

  test('production seeds nothing by default, and never the demo account', () => {
    expect(configFromEnv({ NODE_ENV: 'production', ...MAIL }).seedDemo).toBe(false);
    expect(configFromEnv({ DATABASE_URL: 'postgres://db/x', ...MAIL }).seedDemo).toBe(false);
    expect(configFromEnv({ NODE_ENV: 'production', SEED_DEMO: '1', ...MAIL }).seedDemo).toMatchObject({
      account: false,
    });
    expect(configFromEnv({}).seedDemo).toMatchObject({ account: true });
  });

  test('production without its secrets does not start, and says what is missing', async () => {
    const start = buildApp({ env: { NODE_ENV: 'production', ...MAIL }, logger: false, inMemoryDb: true });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(
      buildApp({
        env: { NODE_ENV: 'production', APP_SECRET: 'short', ...MAIL },
        logger: false,
        inMemoryDb: true,
      }),
    ).rejects.toThrow(/APP_SECRET/);
  });
});

describe('a production server', () => {
  let t: TestContext;
  beforeAll(async () => {
    const env = { NODE_ENV: 'production', APP_SECRET: SECRET, SEED_DEMO: '1', ...MAIL };
    const seed = configFromEnv(env).seedDemo;
    t = await createTestApp({ env, seedDemo: seed && { ...seed, profiles: 2, images: false } });
  });
  afterAll(() => t.close());

  test('has no demo account', async () => {
    const rows = await t.app.database.raw.query('SELECT id FROM users WHERE email = $1', [DEMO_EMAIL]);
    expect(rows).toHaveLength(0);
    const sites = await t.app.database.raw.query('SELECT id FROM sites');
    expect(sites.length).toBeGreaterThan(0);
  });

  test.each(['/dev/mailbox.json', '/dev/mailbox', '/dev/api-docs', '/dev/api-docs/json'])(
    '%s does not exist, not even for loopback',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('mails');
    },
  );
});

describe('the embedded mailbox in development', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ profiles: 0 });
    await t.app.services.mail.send({
      to: 'someone@example.com',
      template: 'activation',
      locale: 'en',
      params: { link: 'https://localhost/activate/done?token=secret-token', hours: 48 },
    });
  });
  afterAll(() => t.close());

  test('answers a request made on this machine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('secret-token');
  });

  test.each([
    [{ remoteAddress: '203.0.113.9' }],
    [{ remoteAddress: '192.168.1.20' }],
    [{ headers: { 'x-forwarded-for': '203.0.113.9' } }],
    [{ headers: { forwarded: 'for=203.0.113.9' } }],
  ])('is a 404 for anyone else (%j)', async (opts) => {
    for (const url of ['/dev/mailbox.json', '/dev/mailbox', '/dev/api-docs']) {
      const res = await t.app.inject({ method: 'GET', url, ...opts });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret-token');
      expect(res.json().error.code).toBe('not_found');
    }
  });
});

describe('rate limits behind a proxy', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ profiles: 0, trustProxy: true });
  });
  afterAll(() => t.close());

  test('a client cannot escape the login rate limit by writing its own X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user.php',
        // The proxy appends the address it saw (81.2.69.160); the part before it is the client's own.
        headers: { ...XHR, 'x-forwarded-for': `10.0.${i}.1, 81.2.69.160` },
        payload: { email: `nobody${i}@example.com`, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  test('the address the proxy saw is the visitor country', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/settings.php',
      headers: { 'x-forwarded-for': '10.1.2.3, 81.2.69.160' },
    });
    expect(res.json().geoip_country).toBe('GB');
  });
});

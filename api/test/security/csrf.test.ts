import { DEMO_EMAIL, DEMO_PASSWORD, XHR, createTestApp, type TestContext } from '../../src/testing/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 3 });
});
afterAll(() => t.close());

const login = { email: DEMO_EMAIL, password: DEMO_PASSWORD };

describe('CSRF guard', () => {
  test.each(['/%61pi/user.php', '/ap%69/user.php', '/api/user%2Ephp', '/api//user.php'])(
    'an encoded path %s without the header does not log in',
    async (url) => {
      const res = await t.app.inject({ method: 'POST', url, payload: login });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    },
  );

  test('the encoded path is refused as csrf, with the header it is the login route', async () => {
    const bare = await t.app.inject({ method: 'POST', url: '/%61pi/user.php', payload: login });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.code).toBe('csrf');
    const ok = await t.app.inject({ method: 'POST', url: '/%61pi/user.php', payload: login, headers: XHR });
    expect(ok.statusCode).toBe(200);
  });

  test.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site', origin: 'http://she.localhost' }],
  ])('a state-changing call from another site is refused even with the header: %j', async (headers) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: login,
      headers: { ...XHR, ...headers },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf');
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  test.each([
    [{ origin: 'http://localhost' }],
    [{ origin: 'http://localhost:80', host: 'localhost:80' }],
    [{ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }],
    [{}],
  ])('the site itself (or a client without browser headers) may: %j', async (headers) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: login,
      headers: { ...XHR, ...headers },
    });
    expect(res.statusCode).toBe(200);
  });

  test('PUT and DELETE are guarded like POST', async () => {
    const cookie = await t.login();
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/user.php',
        headers: { cookie },
        payload: { language: 'de' },
      });
      expect(res.statusCode).toBe(403);
    }
    const user = await t.call({ method: 'GET', url: '/api/user.php', cookie });
    expect(user.json().user.language).toBe('nl');
  });

  test('GET logout.php needs the request-type header: an <img> on another site cannot log a member out', async () => {
    const cookie = await t.login();
    const img = await t.app.inject({ method: 'GET', url: '/api/logout.php', headers: { cookie } });
    expect(img.statusCode).toBe(403);
    expect(img.json().error.code).toBe('csrf');
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user).not.toBe(false);
    const xhr = await t.call({ method: 'GET', url: '/api/logout.php', cookie });
    expect(xhr.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user).toBe(false);
  });

  test('GET auto-like.php needs the request-type header and then writes nothing', async () => {
    const cookie = await t.login();
    const count = async () =>
      Number((await t.app.database.raw.query<{ n: string }>('SELECT count(*) AS n FROM likes'))[0]!.n);
    const before = await count();
    const img = await t.app.inject({ method: 'GET', url: '/api/auto-like.php', headers: { cookie } });
    expect(img.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});

import { createTestApp, type TestContext } from '../../src/testing/helpers';
import { signupBody } from '../../src/testing/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t.close());

const siteIdOf = async (host: string) =>
  (await t.app.database.raw.query<{ id: number }>('SELECT id FROM sites WHERE host = $1', [host]))[0]!.id;

describe('the site comes from the request host', () => {
  test('?host= does not move a signup to another brand', async () => {
    const body = signupBody();
    const res = await t.call({ method: 'POST', url: '/api/signup.php?host=she.localhost', payload: body });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.database.raw.query<{ site_id: number }>(
      'SELECT site_id FROM users WHERE email = $1',
      [body.email],
    );
    expect(row!.site_id).toBe(await siteIdOf('localhost'));
  });

  test('?host= does not log in on another brand', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user.php?host=she.localhost',
      payload: { email: 'demo@example.com', password: 'Demo-1234' },
    });
    expect(res.statusCode).toBe(200);
    // The demo member lives on localhost: the login happened there, not on she.localhost.
    expect(res.json().user.email).toBe('demo@example.com');
  });

  test("only the server's first-load settings call may name the site", async () => {
    const res = await t.call({ method: 'GET', url: '/api/settings.php?host=she.localhost' });
    expect(res.json().domain).toBe('she.localhost');
  });

  test('an unknown host gets a clear error, as JSON on /api and as a page elsewhere', async () => {
    const api = await t.call({ method: 'GET', url: '/api/user.php', headers: { host: 'evil.example' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toMatchObject({
      code: 'site_unknown',
      message: 'Deze site is op dit adres niet bekend.',
    });
    const page = await t.app.inject({
      method: 'GET',
      url: '/members',
      headers: { host: 'evil.example', 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('This site is not known at this address.');
    const settings = await t.call({ method: 'GET', url: '/api/settings.php?host=evil.example' });
    expect(settings.statusCode).toBe(404);
  });

  test('loopback names reach the default site (local development, health checks)', async () => {
    // On the port the server listens on (80 for the test app's in-process requests), docs/adr/0035.
    for (const host of ['localhost:80', '127.0.0.1:80', '127.0.0.1', '[::1]']) {
      const res = await t.call({ method: 'GET', url: '/api/settings.php', headers: { host } });
      expect(res.json().domain).toBe('localhost');
    }
  });
});

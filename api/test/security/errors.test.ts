import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { XHR, createTestApp, deployTestShell, type TestContext } from '../../src/testing/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  await deployTestShell(t.app);
});
afterAll(() => t.close());

const errorOf = (body: string) =>
  (JSON.parse(body) as { error: { code: string; message: string; field?: string } }).error;

describe('uniform errors', () => {
  test.each(['/nonsense', '/does/not/exist', '/members/1/2/3', '/pages/nope', '/dev/nothing-here'])(
    'the unknown page %s is the shell (its 404 page) with HTTP 404',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('id="site-data"');
    },
  );

  test.each([
    '/',
    '/members',
    '/members/12',
    '/general-nl',
    '/credits/3/ideal',
    '/pages/terms',
    '/landers/video',
  ])('the page %s is served with 200', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  test('an unknown /api path is a JSON 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nothing.php' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.body).code).toBe('not_found');
  });

  test('a known path with a method it does not have is a 405 naming the allowed ones', async () => {
    const res = await t.call({ method: 'DELETE', url: '/api/user.php' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('POST');
    expect(errorOf(res.body)).toMatchObject({
      code: 'method_not_allowed',
      message: 'Deze methode is hier niet toegestaan.',
    });
  });

  test('a method Fastify has no router for answers in the same shape', async () => {
    const res = await t.app.inject({ method: 'PROPFIND' as 'GET', url: '/api/user.php', headers: XHR });
    expect(res.statusCode).toBe(405);
    expect(errorOf(res.body).code).toBe('method_not_allowed');
    const unknown = await t.app.inject({ method: 'PROPFIND' as 'GET', url: '/whatever', headers: XHR });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.body).code).toBe('not_found');
  });

  test('POST to a page path is a JSON 404', async () => {
    const res = await t.call({ method: 'POST', url: '/members', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.body).code).toBe('not_found');
  });

  test('a malformed URL is a 400 naming the url', async () => {
    const res = await t.call({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'validation', field: 'url' });
  });

  test('a body over the limit is a 413 request_too_large', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/complaints.php',
      headers: { 'content-type': 'application/json' },
      payload: `{"text":"${'x'.repeat(1_100_000)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res.body).code).toBe('request_too_large');
  });

  test('headers over the limit are a 431 in the site shape (a real socket: Node refuses them before Fastify)', async () => {
    const server = await createTestApp({ profiles: 0 });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: '/api/user.php', headers: { 'x-big': 'a'.repeat(20_000) } },
          (r) => {
            let body = '';
            r.on('data', (c: Buffer) => (body += c.toString()));
            r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
      });
      expect(res.status).toBe(431);
      expect(errorOf(res.body)).toMatchObject({
        code: 'request_too_large',
        message: 'Het verzoek is te groot.',
      });
    } finally {
      await server.close();
    }
  });
});

describe('bad input is a precise 400, never a 500', () => {
  test.each([
    ['GET', '/api/member.php?id=1e309', undefined, 'query'],
    ['GET', '/api/member.php?id=Infinity', undefined, 'id'],
    ['GET', '/api/member.php?id=99999999999999999999', undefined, 'id'],
    ['GET', '/api/members.php?min_age=1e309', undefined, 'query'],
    ['GET', '/api/members.php?countryregion=a%00b', undefined, 'countryregion'],
    ['POST', '/api/user.php', { email: 'a\u0000b@example.com', password: 'whatever1' }, 'email'],
    [
      'POST',
      '/api/signup.php',
      {
        name: 'Nul\u0000',
        gender: 'male',
        date_of_birth: '1990-01-01',
        email: 'n@example.com',
        password: 'Sterk-wachtwoord-1',
        locale: 'nl',
      },
      'name',
    ],
  ] as const)('%s %s', async (method, url, payload, field) => {
    const res = await t.call({ method, url, payload });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('validation');
    if (field !== 'query') expect(errorOf(res.body).field).toBe(field);
  });

  test('a JSON number too large for JavaScript in a body is refused', async () => {
    const cookie = await t.login();
    const res = await t.call({
      method: 'POST',
      url: '/api/block.php',
      cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{"id":1e309}',
    });
    expect(res.statusCode).toBe(400);
  });
});

import zlib from 'node:zlib';
import { createTestApp, type TestContext } from '../../testing/helpers';
import { multipart } from '../../testing/accounts';
import { acceptedEncoding } from '../../lib/serialize';

// Per-request work only where it is needed, without losing a guard. The guards are attached per route
// now (plugins/csrf.ts, dev-only.ts, visitor-access.ts), multipart only where a file is taken, and the cached
// answers go out compressed once per answer (lib/serialize.ts).
let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ profiles: 30 });
  cookie = await t.login();
});
afterAll(async () => {
  await t.close();
});

const CHROME = 'gzip, deflate, br, zstd';

describe('cached JSON answers are compressed for browsers', () => {
  test.each([
    ['/api/members.php?numResults=20', true],
    ['/api/chats.php', true],
    ['/api/settings.php', false],
  ])('%s: brotli for a browser, the same JSON as without', async (url, member) => {
    const plain = await t.call({ method: 'GET', url, ...(member ? { cookie } : {}) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.call({
      method: 'GET',
      url,
      ...(member ? { cookie } : {}),
      headers: { 'accept-encoding': CHROME },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    // Security headers are still there on a compressed answer.
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(br.headers['x-content-type-options']).toBe('nosniff');
  });

  test('gzip when the client takes only gzip; none for identity, br;q=0 or x-no-compression', async () => {
    const url = '/api/members.php?numResults=20';
    const gz = await t.call({ method: 'GET', url, cookie, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const expected = (await t.call({ method: 'GET', url, cookie })).json();
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(expected);
    for (const headers of [
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': CHROME, 'x-no-compression': '1' },
    ]) {
      const res = await t.call({ method: 'GET', url, cookie, headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual(expected);
    }
  });

  test('the answer after a change is the new answer, compressed again', async () => {
    const url = '/api/chats.php';
    const before = await t.call({ method: 'GET', url, cookie, headers: { 'accept-encoding': 'br' } });
    const chats = JSON.parse(zlib.brotliDecompressSync(before.rawPayload).toString()).chats as {
      conversation: { id: number };
    }[];
    expect(chats.length).toBeGreaterThan(0);
    const removed = await t.call({
      method: 'DELETE',
      url: '/api/chat.php',
      cookie,
      payload: { conversation: chats[0]!.conversation.id },
    });
    expect(removed.statusCode).toBe(200);
    const after = await t.call({ method: 'GET', url, cookie, headers: { 'accept-encoding': 'br' } });
    const left = JSON.parse(zlib.brotliDecompressSync(after.rawPayload).toString()).chats as unknown[];
    expect(left).toHaveLength(chats.length - 1);
  });

  test('negotiation follows the header (q-values, x-gzip, unknown codings)', () => {
    expect(acceptedEncoding(CHROME)).toBe('br');
    expect(acceptedEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('x-gzip')).toBe('gzip');
    expect(acceptedEncoding('zstd')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
  });
});

describe('guards attached per route still guard', () => {
  test('the API docs under /dev answer on loopback only', async () => {
    const local = await t.app.inject({
      method: 'GET',
      url: '/dev/api-docs/json',
      remoteAddress: '127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
    for (const remoteAddress of ['203.0.113.7', '::ffff:198.51.100.2']) {
      const res = await t.app.inject({ method: 'GET', url: '/dev/api-docs/json', remoteAddress });
      expect(res.statusCode).toBe(404);
    }
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/dev/api-docs/json',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
  });

  test('a state-changing call needs the header and the same site; a read does not', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/settings.php' });
    expect(read.statusCode).toBe(200);
    const login = { email: 'demo@example.com', password: 'x' };
    const cases = [
      {
        name: 'no X-Requested-With',
        res: await t.app.inject({ method: 'POST', url: '/api/user.php', payload: login }),
      },
      {
        name: 'another site',
        res: await t.call({
          method: 'POST',
          url: '/api/user.php',
          headers: { origin: 'https://evil.example' },
          payload: login,
        }),
      },
      // Decided on the matched route, not the raw path.
      {
        name: 'an encoded path',
        res: await t.app.inject({ method: 'POST', url: '/%61pi/user.php', payload: login }),
      },
    ];
    for (const { name, res } of cases) {
      expect([name, res.statusCode, res.json().error.code]).toEqual([name, 403, 'csrf']);
    }
  });

  test('a multipart body is read only by the upload routes', async () => {
    const form = multipart('file', 'a.jpg', 'image/jpeg', Buffer.from('not a picture'));
    const elsewhere = await t.call({
      method: 'POST',
      url: '/api/messages.php',
      cookie,
      headers: form.headers,
      payload: form.payload,
    });
    expect(elsewhere.statusCode).toBe(415);
    const upload = await t.call({
      method: 'POST',
      url: '/api/chat-photo.php',
      cookie,
      headers: form.headers,
      payload: form.payload,
    });
    // Reached the route: the bytes are read and refused as no picture (not a 415).
    expect(upload.statusCode).toBe(400);
  });
});

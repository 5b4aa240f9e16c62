// What the server logs: one line per request, and no password, hash, token, cookie or email address in any line
// (secrets out of logs, and a request line cheap enough for every request: docs/adr/0009-request-overhead.md).
// The app logs into a stream here, exactly as it would to stdout.
import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import { BatchedLog, scrubText, serializeRequest } from '../src/plugins/logging';
import { createTestApp, DEMO_EMAIL, DEMO_PASSWORD, XHR, type TestContext } from '../src/testing/helpers';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
  lines(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

const SID = 'a3f1c2d4e5b6978812aa34bb56cc78dd90ee12ff34aa56bb78cc90dd12ee34ff';
const BEARER = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0ZZYYXX';
const LINK_TOKEN = 'Qm9vbS1saW5rLXRva2VuLXRoYXQtaXMtbG9uZy1lbm91Z2g';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';
const EMAIL = 'anna.victim@example.org';
const SECRETS = [SID, BEARER, LINK_TOKEN, HASH, EMAIL, DEMO_EMAIL, DEMO_PASSWORD, 'c29tZXNhbHRzb21lc2FsdA'];

describe('logs', () => {
  let t: TestContext;
  const log = new Capture();
  beforeAll(async () => {
    t = await createTestApp({ profiles: 1, logger: { level: 'info', stream: log } });
    // A failing query the way drizzle reports one: SQL, parameters (an email and a hash) in the message and fields.
    t.app.get('/api/_test/failing-query.php', async () => {
      const cause = Object.assign(new Error(`duplicate key value violates unique constraint "users_email"`), {
        detail: `Key (email)=(${EMAIL}) already exists.`,
      });
      throw Object.assign(
        new Error(
          `Failed query: insert into users (email, password_hash) values ($1, $2)\nparams: ${EMAIL},${HASH}`,
        ),
        { query: 'insert into users (email, password_hash) values ($1, $2)', params: [EMAIL, HASH], cause },
      );
    });
  });
  afterAll(() => t?.close());

  test('a request carrying secrets leaves none of them in the log, and one line per request', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { ...XHR, cookie: `sid=${SID}; other=1`, authorization: `Bearer ${BEARER}` },
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/unsubscribe.php?token=${LINK_TOKEN}&email=${encodeURIComponent(EMAIL)}`,
      headers: { cookie: `sid=${SID}` },
    });
    expect(link.statusCode).toBeLessThan(500);
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/_test/failing-query.php',
      headers: { cookie: `sid=${SID}` },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain(EMAIL);
    // Code that logs a whole object by mistake.
    t.app.log.warn(
      {
        user: { email: EMAIL, password_hash: HASH },
        headers: { cookie: `sid=${SID}`, authorization: BEARER },
      },
      'careless line',
    );

    for (const secret of SECRETS) expect(log.text).not.toContain(secret);

    const lines = log.lines();
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => (line.req as { url: string }).url)).toEqual([
      '/api/user.php',
      '/api/unsubscribe.php?token=[Redacted]&email=[Redacted]',
      '/api/_test/failing-query.php',
    ]);
    expect(completed.map((line) => (line.res as { statusCode: number }).statusCode)).toEqual([
      200,
      link.statusCode,
      500,
    ]);
    expect(completed.every((line) => typeof line.responseTime === 'number')).toBe(true);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    // The error is still logged, with what helps (SQL, constraint), and the secrets replaced.
    const error = lines.find((line) => line.msg === 'unhandled error')!.err as Record<string, unknown>;
    expect(error.message).toContain('Failed query: insert into users');
    expect(error.message).toContain('[email],[hash]');
    expect(error.params).toBe('[Redacted]');
    expect((error.cause as { detail: string }).detail).toBe('Key (email)=([email]) already exists.');
    const careless = lines.find((line) => line.msg === 'careless line')!;
    expect(careless.user).toEqual({ email: '[Redacted]', password_hash: '[Redacted]' });
    expect(careless.headers).toEqual({ cookie: '[Redacted]', authorization: '[Redacted]' });
  });
});

describe('LOG_REQUESTS', () => {
  test('0 logs no request line except for server errors', async () => {
    const log = new Capture();
    const t = await createTestApp({ profiles: 1, logRequests: 0, logger: { level: 'info', stream: log } });
    try {
      t.app.get('/api/_test/broken.php', async () => {
        throw new Error('broken');
      });
      expect((await t.call({ method: 'GET', url: '/api/settings.php' })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: '/api/_test/broken.php' })).statusCode).toBe(500);
      const completed = log.lines().filter((line) => line.msg === 'request completed');
      expect(completed.map((line) => (line.req as { url: string }).url)).toEqual(['/api/_test/broken.php']);
    } finally {
      await t.close();
    }
  });
});

describe('secrets recognised by their shape', () => {
  test.each([
    ['an argon2 hash', `failed: ${HASH} x`, 'failed: [hash] x'],
    ['a bcrypt hash', `h=$2b$10$${'a'.repeat(53)}`, 'h=[hash]'],
    ['an address', `to ${EMAIL}, cc x@y.nl`, 'to [email], cc [email]'],
    ['a token', `sid ${SID} end`, 'sid [token] end'],
    ['all of them at once', `${EMAIL} ${HASH} ${BEARER}`, '[email] [hash] [token]'],
    ['nothing secret', '/api/members.php?numResults=20&page=2', '/api/members.php?numResults=20&page=2'],
    ['a dollar and an at sign that are no secret', 'costs $5 @ noon', 'costs $5 @ noon'],
  ])('%s', (_name, text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  test('a logged URL loses query secrets and anything shaped like one', () => {
    const request = { method: 'GET', host: 'h', ip: '127.0.0.1' };
    expect(serializeRequest({ ...request, url: `/a?key=k1&next=${encodeURIComponent('/b')}` }).url).toBe(
      '/a?key=[Redacted]&next=%2Fb',
    );
    // Each value is scrubbed on its own: the path and the parameter's name stay readable.
    expect(serializeRequest({ ...request, url: `/a?who=${EMAIL}&t=${LINK_TOKEN}` }).url).toBe(
      '/a?who=[email]&t=[token]',
    );
    // A browser sends `@` in a query as %40; that is an address too.
    expect(serializeRequest({ ...request, url: `/a?who=${encodeURIComponent(EMAIL)}&page=2` }).url).toBe(
      '/a?who=[email]&page=2',
    );
    expect(serializeRequest({ ...request, url: `/a?Email=${encodeURIComponent(EMAIL)}&sid=x#top` }).url).toBe(
      '/a?Email=[Redacted]&sid=[Redacted]',
    );
    expect(serializeRequest({ ...request, url: `/u/${EMAIL}/photos?flag` }).url).toBe(
      '/u/[email]/photos?flag',
    );
    expect(serializeRequest({ ...request, url: `/u/${encodeURIComponent(EMAIL)}` }).url).toBe('/u/[email]');
    expect(serializeRequest({ ...request, url: '/api/chats.php' }).url).toBe('/api/chats.php');
    // A query with none of the shapes' characters is logged as it is, without being taken apart; one with them is not.
    expect(serializeRequest({ ...request, url: `/a?h=$2b$10$${'a'.repeat(53)}&n=1` }).url).toBe(
      '/a?h=[hash]&n=1',
    );
    expect(serializeRequest({ ...request, url: `/a?n=1&PASSWORD=x` }).url).toBe('/a?n=1&PASSWORD=[Redacted]');
    expect(serializeRequest({ ...request, url: '/api/members.php?numResults=20&page=2' }).url).toBe(
      '/api/members.php?numResults=20&page=2',
    );
  });
});

describe('the request line', () => {
  // The app writes the request line itself (plugins/logging.ts requestLine); pino writes it when a caller's `base`
  // changes the shape. Both must give the same line, and a route's own lines keep the request id.
  async function linesOf(logger: Record<string, unknown>, log: Capture) {
    const t = await createTestApp({ profiles: 1, logger: { level: 'info', stream: log, ...logger } });
    try {
      t.app.get('/api/_test/logs.php', async (request) => {
        request.log.warn({ step: 1 }, 'route line');
        return { ok: true };
      });
      const answer = await t.app.inject({ method: 'GET', url: '/api/_test/logs.php?token=abc&x=1' });
      expect(answer.statusCode).toBe(200);
      return log.lines();
    } finally {
      await t.close();
    }
  }

  test('is the line pino writes, field for field, and a route that logs has the request id in its lines', async () => {
    const direct = await linesOf({}, new Capture());
    const viaPino = await linesOf({ base: { pid: process.pid, hostname: hostname() } }, new Capture());
    const shape = (lines: Record<string, unknown>[]) => {
      const line = lines.find((l) => l.msg === 'request completed')!;
      const route = lines.find((l) => l.msg === 'route line')!;
      expect(route.reqId).toBe(line.reqId);
      expect(route.step).toBe(1);
      expect(typeof line.time).toBe('number');
      expect(line.responseTime).toEqual(expect.any(Number));
      return { keys: Object.keys(line), line: { ...line, time: 0, responseTime: 0 } };
    };
    const mine = shape(direct);
    expect(mine.keys).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(mine.line).toMatchObject({
      level: 30,
      pid: process.pid,
      req: { method: 'GET', url: '/api/_test/logs.php?token=[Redacted]&x=1' },
      res: { statusCode: 200 },
    });
    expect(shape(viaPino)).toEqual(mine);
  });

  test("LOG_LEVEL=warn writes no request line, and still the route's warning", async () => {
    const lines = await linesOf({ level: 'warn' }, new Capture());
    expect(lines.map((l) => l.msg)).toEqual(['route line']);
  });
});

describe('the batched log destination of the server', () => {
  test('every request line arrives, in batches; an error line is written at once', async () => {
    const log = new Capture();
    const writes: string[] = [];
    const sink = { write: (text: string) => (writes.push(text), log.write(text)) };
    // A long delay: only the size limit, an error line or the flush below may write.
    const batched = new BatchedLog(sink, 4096, 60_000);
    const t = await createTestApp({ profiles: 1, logger: { level: 'info', stream: batched } });
    try {
      t.app.get('/api/_test/broken.php', async () => {
        throw new Error('broken');
      });
      for (let i = 0; i < 30; i++)
        expect((await t.call({ method: 'GET', url: `/api/settings.php?i=${i}` })).statusCode).toBe(200);
      const beforeError = writes.length;
      // 30 lines of ~250 bytes went out in fewer writes than lines, and some still wait.
      expect(beforeError).toBeGreaterThan(0);
      expect(beforeError).toBeLessThan(30);
      expect((await t.call({ method: 'GET', url: '/api/_test/broken.php' })).statusCode).toBe(500);
      // The error line did not wait for the size limit or the timer.
      expect(writes.length).toBeGreaterThan(beforeError);
      expect(log.lines().some((line) => line.level === 50)).toBe(true);
      batched.flush();
      const urls = log
        .lines()
        .filter((line) => line.msg === 'request completed')
        .map((line) => (line.req as { url: string }).url);
      expect(urls).toEqual([
        ...Array.from({ length: 30 }, (_, i) => `/api/settings.php?i=${i}`),
        '/api/_test/broken.php',
      ]);
    } finally {
      batched.close();
      await t.close();
    }
  });
});

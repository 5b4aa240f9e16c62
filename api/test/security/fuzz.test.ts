import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { signup } from '../../src/testing/accounts';
import { DEMO_EMAIL, createTestApp, type TestContext } from '../../src/testing/helpers';
import { staffSession } from '../../src/testing/staff';

/**
 * Walks the OpenAPI document and sends generated bad and boundary input to every operation (the staff routes
 * included), as a visitor, a member, an operator and an admin: strings with NUL and control characters, huge and non-finite numbers, wrong types, missing and extra
 * fields, an oversized body. No answer may be a 5xx, and a rejected request (4xx) must leave the data as it was.
 * Seeded and a fixed number of runs per operation, so the run is repeatable and short.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
};
interface Operation {
  method: string;
  path: string;
  query: Record<string, Schema>;
  body?: Schema;
  form: boolean;
}

const SEED = 20261123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/** JSON cannot carry these; they are written into the raw body text instead of their marker string. */
const RAW: Record<string, string> = {
  '@@inf@@': '1e309',
  '@@-inf@@': '-1e309',
  '@@big@@': '123456789012345678901234567890',
};

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\ud800',
  '\u202e\u2028',
  'x'.repeat(5000),
  '1e309',
  'Infinity',
  'NaN',
  '-1',
  '0',
  '99999999999999999999',
  '',
  ' ',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '@@inf@@',
  '@@-inf@@',
  '@@big@@',
);
/** The values that broke the server before (NUL, non-finite and huge numbers) come up most often. */
const poison = fc.constantFrom('a\u0000b', '\u0000', '@@inf@@', '@@-inf@@', '@@big@@', 'x'.repeat(5000));
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: poison },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -1, -0, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), Number.MAX_SAFE_INTEGER + 2),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(nasty, fc.integer()), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), nasty, { maxKeys: 2 }) },
);

/** Realistic values for fields whose schema says only "string", so the other checks let the request through. */
function hinted(name: string): fc.Arbitrary<unknown> | null {
  if (/email/.test(name)) return fc.emailAddress();
  if (/password/.test(name)) return fc.constant('Fuzz-Password-123');
  if (/date_of_birth/.test(name)) return fc.constant('1990-05-17');
  if (/^(name|text|message|reason|about|city|region)$/.test(name))
    return fc.string({ minLength: 2, maxLength: 20 });
  return null;
}

function validValue(schema: Schema, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => validValue(o, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? 1, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 50, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}), { maxLength: 3 });
    case 'object':
      return objectOf(schema);
    default:
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uri') return fc.webUrl();
      return (
        hinted(name) ??
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) })
      );
  }
}

/** Every field valid but one, which gets a bad or boundary value: the bad value reaches the deepest code. */
function oneBad(props: [string, Schema][]): fc.Arbitrary<Record<string, unknown>> {
  if (!props.length)
    return fc.dictionary(fc.constantFrom('extra', 'id', 'a\u0000'), badValue, { maxKeys: 2 });
  return fc
    .tuple(fc.tuple(...props.map(([name, s]) => validValue(s, name))), fc.nat(props.length - 1), badValue)
    .map(([values, which, bad]) =>
      Object.fromEntries(props.map(([name], i) => [name, i === which ? bad : values[i]])),
    );
}

/** An object: mostly one bad field among valid ones; else a mix with fields bad, missing and extra. */
function objectOf(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const fields = props.map(([name, s]) =>
    fc.tuple(
      fc.constant(name),
      fc.oneof({ weight: 2, arbitrary: validValue(s, name) }, { weight: 2, arbitrary: badValue }),
      fc.nat(9),
    ),
  );
  const mixed = fc
    .tuple(
      fc.tuple(...fields),
      fc.dictionary(fc.constantFrom('extra', '__proto__x', 'a\u0000', 'id'), badValue, { maxKeys: 2 }),
    )
    .map(([values, extra]) => {
      const out: Record<string, unknown> = { ...extra };
      // About one field in ten is left out (required or not).
      for (const [name, value, dice] of values) if (dice > 0) out[name] = value;
      return out;
    });
  return fc.oneof({ weight: 3, arbitrary: oneBad(props) }, { weight: 1, arbitrary: mixed });
}

/**
 * Routes that answer a stream which stays open while the session lives (the live channel, Server-Sent Events):
 * `inject` would wait for its end forever. They are called over a real socket below, with a bounded read.
 */
const STREAMS = new Set(['GET /api/live.php']);

function operations(spec: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (STREAMS.has(`${method.toUpperCase()} ${path}`)) continue;
      const parameters = (op.parameters ?? []) as { in: string; name: string; schema: Schema }[];
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
        ?.content;
      const json = content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body: json ?? Object.values(content ?? {})[0]?.schema,
        form: !json && Boolean(content?.['application/x-www-form-urlencoded']),
      });
    }
  }
  return ops;
}

const rawJson = (value: unknown): string =>
  (JSON.stringify(value) ?? '').replace(/"(@@[-a-z]+@@)"/g, (_m, marker: string) => RAW[marker] ?? 'null');
const queryText = (value: unknown) =>
  typeof value === 'string'
    ? (RAW[value] ?? value)
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

let t: TestContext;
let demoId: number;
let ops: Operation[];
let snapshot: () => Promise<string>;

beforeAll(async () => {
  t = await createTestApp({ profiles: 5 });
  await t.app.ready();
  const spec = t.app.swagger() as unknown as Parameters<typeof operations>[0];
  ops = operations(spec);
  // Sessions are made directly (sessionOf), not through the login routes the fuzzer also hammers (their limits).
  const [demo] = await t.app.database.raw.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    DEMO_EMAIL,
  ]);
  demoId = demo!.id;
  // Row count and content hash of the tables a request may change; audit tables change on failed logins by design
  // (the members' and the staff's: `staff_audit` and the staff attempt counter, docs/adr/0018-staff-back-office.md), and a staff session's
  // idle clock (`staff_sessions.last_seen_at`) moves on every call it makes, accepted or not.
  // `mail_outbox`, `notification_marks` and `unsubscribe_tokens` (the mail's List-Unsubscribe link) are written after
  // commit by the notifications of an earlier, accepted request (a like from auto-like mails the member a moment
  // later), so they may change under any later request.
  const tables = (
    await t.app.database.raw.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'
         AND table_name NOT IN ('login_audit', 'login_lockouts', 'schema_migrations', 'sessions',
                                'mail_outbox', 'notification_marks', 'unsubscribe_tokens', 'staff_audit',
                                'staff_attempts', 'staff_sessions') ORDER BY 1`,
      [t.app.database.raw.schema],
    )
  ).map((r) => r.table_name);
  const sql = tables
    .map(
      (name) =>
        `SELECT '${name}' AS t, count(*) AS n, coalesce(sum(hashtext(x::text)), 0) AS h FROM "${name}" x`,
    )
    .join(' UNION ALL ');
  // The member's live event log is appended after the answer (batched): what an earlier, accepted request published
  // is written before the snapshot, so only a rejected request's own writes would show.
  snapshot = async () => {
    await t.app.services.live.settled();
    return JSON.stringify(await t.app.database.raw.query(sql));
  };
});
afterAll(() => t?.close());

test('the OpenAPI document lists the routes', () => {
  expect(ops.length).toBeGreaterThan(20);
  expect(ops.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/user.php');
});

async function send(
  op: Operation,
  cookie: string | undefined,
  query: Record<string, unknown>,
  body: unknown,
  ip: string,
) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, queryText(v)]),
  ).toString();
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  if (cookie) headers.cookie = cookie;
  let payload: string | undefined;
  if (op.method !== 'GET' && op.method !== 'HEAD' && body !== undefined) {
    if (op.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(
        Object.entries(body as Record<string, unknown>).map(([k, v]): [string, string] => [k, queryText(v)]),
      ).toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = rawJson(body);
    }
  }
  return t.app.inject({
    method: op.method as 'GET',
    url: qs ? `${op.path}?${qs}` : op.path,
    headers,
    payload,
    remoteAddress: ip,
  });
}

/** Fails on a 5xx, or on a rejected request after which the data differs; returns the data's new state. */
async function expectSafe(res: LightMyRequestResponse, before: string, what: string): Promise<string> {
  if (res.statusCode >= 500) throw new Error(`${what} → ${res.statusCode} ${res.body.slice(0, 300)}`);
  const after = await snapshot();
  if (res.statusCode >= 400 && after !== before) {
    const was = new Map((JSON.parse(before) as { t: string }[]).map((row) => [row.t, JSON.stringify(row)]));
    const changed = (JSON.parse(after) as { t: string }[]).filter(
      (row) => was.get(row.t) !== JSON.stringify(row),
    );
    throw new Error(
      `${what} → ${res.statusCode} but the data changed: ${changed.map((row) => row.t).join(', ')}`,
    );
  }
  return after;
}

type Role = 'visitor' | 'member' | 'operator' | 'admin';
/** A fresh session of `role` (the fuzzer may have logged out, deleted or reset the last one). */
async function sessionOf(role: Role): Promise<string | undefined> {
  if (role === 'visitor') return undefined;
  if (role === 'member') return `sid=${await t.app.services.sessions.create(demoId)}`;
  return (await staffSession(t, role)).cookie;
}

describe.each<[string, Role]>([
  ['a visitor', 'visitor'],
  ['a member', 'member'],
  ['an operator', 'operator'],
  ['an admin', 'admin'],
])('fuzzing every route as %s', (_who, role) => {
  // Every route of every domain: minutes on a busy 2-core machine.
  test('no 5xx, and rejected requests change nothing', async () => {
    let n = 0;
    for (const op of ops) {
      const cookie = await sessionOf(role);
      const query = objectOf({ type: 'object', properties: op.query });
      const body = op.body
        ? fc.oneof({ weight: 4, arbitrary: objectOf(op.body) }, { weight: 1, arbitrary: badValue })
        : fc.constant(undefined);
      let before = await snapshot();
      await fc.assert(
        fc.asyncProperty(query, body, async (q, b) => {
          // A fresh address per request: the per-IP rate limits are not what is tested here.
          const ip = `198.51.100.${(n++ % 250) + 1}`;
          const res = await send(op, cookie, q, b, ip);
          before = await expectSafe(
            res,
            before,
            `${op.method} ${op.path} ${JSON.stringify(q)} ${rawJson(b).slice(0, 200)}`,
          );
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (op.method !== 'GET') {
        const big = await t.app.inject({
          method: op.method as 'POST',
          url: op.path,
          headers: {
            'x-requested-with': 'XMLHttpRequest',
            'content-type': 'application/json',
            ...(cookie ? { cookie } : {}),
          },
          payload: `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}`,
        });
        expect(big.statusCode).toBeGreaterThanOrEqual(400);
        before = await expectSafe(big, before, `${op.method} ${op.path} oversized body`);
      }
    }
  }, 600_000);
});

/**
 * The streaming routes over a real socket: the answer's head, then at most its first chunk (a stream that stays
 * open is closed by the client after it); no 5xx for any role or query, and the open stream is the member's only.
 */
describe('streaming routes, with a bounded read', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const MAX_BYTES = 64 * 1024;
  /** Status, content type and the text read: the whole body of a refusal, the first chunk of a stream. */
  const open = (url: string, cookie: string | undefined) =>
    new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
      const request = http.get(
        url,
        {
          headers: {
            accept: 'text/event-stream',
            'x-requested-with': 'XMLHttpRequest',
            ...(cookie ? { cookie } : {}),
          },
        },
        (response) => {
          let text = '';
          const done = () => {
            request.destroy();
            resolve({
              status: response.statusCode ?? 0,
              type: String(response.headers['content-type']),
              text,
            });
          };
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
            if (/event-stream/.test(String(response.headers['content-type'])) || text.length > MAX_BYTES)
              done();
          });
          response.on('end', done);
        },
      );
      request.on('error', reject);
    });

  const queries = ['', '?x=a%00b', '?since=1e309', `?lastEventId=${'x'.repeat(5000)}`, '?%ZZ=1'];

  test.each<[string, Role]>([
    ['a visitor', 'visitor'],
    ['a member', 'member'],
    ['an operator', 'operator'],
    ['an admin', 'admin'],
  ])('as %s', async (_who, role) => {
    for (const path of STREAMS) {
      const [method, route] = path.split(' ');
      expect(method).toBe('GET');
      for (const query of queries) {
        // A new member: the fuzzer above may have deleted or banned the demo account.
        const cookie = role === 'member' ? (await signup(t)).cookie : await sessionOf(role);
        const res = await open(`${base}${route}${query}`, cookie);
        if (res.status >= 500)
          throw new Error(`${path}${query} as ${role} → ${res.status} ${res.text.slice(0, 300)}`);
        // Only a member's session opens the stream; a refusal (anyone else, or bad input) is in the error shape.
        if (role === 'member' && query === '')
          expect(`${res.status} ${res.type}`).toMatch(/^200 text\/event-stream/);
        if (role !== 'member') expect(res.status).toBeGreaterThanOrEqual(400);
        if (res.status >= 400) expect(JSON.parse(res.text)).toHaveProperty('error');
      }
    }
  });
});

import type { TelemetryView } from '@dating/shared/contract/telemetry';
import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import {
  createTestApp,
  deployTestShell,
  deployTestVersion,
  publishTestVersion,
  type TestContext,
} from '../../../testing/helpers';
import { viewTokenFor } from '../view-token';

const STABLE = '0.1.0-aaaaaaaa';
const CANARY = '0.2.0-cccccccc';
const PAYMENTS = '0.3.0-pppppppp';
let t: TestContext;

async function deploy(canaryWeight: number) {
  await deployTestShell(t.app);
  await deployTestVersion(t.app, 'mf-landers', STABLE);
  await deployTestVersion(t.app, 'mf-payments', PAYMENTS);
  const files = await publishTestVersion(t.app, 'mf-landers', CANARY, { 'mf-manifest.json': '{}' });
  await t.app.services.registry.apply({
    action: 'canary',
    app: 'mf-landers',
    version: CANARY,
    weight: canaryWeight,
    files,
  });
}

interface Page {
  /** The page's view token, as the shell reads it from the site data. */
  token: string;
  /** The visitor's experiment cookie, as the page set it. */
  cookie: string;
}

/** A page as a visitor gets it (a new visitor, or the one whose cookie is given). */
async function page(cookie?: string): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url: '/', headers: cookie ? { cookie } : {} });
  const json = /<script type="application\/json" id="site-data">(.*?)<\/script>/s.exec(res.body)?.[1];
  const token = (JSON.parse(json ?? '{}') as { telemetry?: string }).telemetry;
  if (!token) throw new Error('no view token in the page');
  const set = res.cookies.find((c) => c.name === 'mf_exp')?.value;
  return { token, cookie: cookie ?? `mf_exp=${set}` };
}

function view(over: Partial<TelemetryView> = {}): TelemetryView {
  return { seq: 0, app: 'mf-landers', version: CANARY, page: '/', errors: 0, load_failure: false, ...over };
}

/** A beacon as Chromium sends it: same origin, JSON, no X-Requested-With. */
function beacon(body: unknown, headers: Record<string, string | undefined> = {}, ip = '203.0.113.7') {
  const all: Record<string, string> = {
    'content-type': 'application/json',
    origin: 'http://localhost',
    'sec-fetch-site': 'same-origin',
  };
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) delete all[name];
    else all[name] = value;
  }
  return t.app.inject({
    method: 'POST',
    url: '/api/telemetry.php',
    remoteAddress: ip,
    headers: all,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const since = new Date(Date.now() - 60_000);
const counts = (version: string, app = 'mf-landers') =>
  t.app.services.telemetry.armCounts(app, version, since);
const everything = async () => ({
  stable: await counts(STABLE),
  canary: await counts(CANARY),
  payments: await counts(PAYMENTS, 'mf-payments'),
  top: await t.app.services.telemetry.topErrors('mf-landers', CANARY),
});
async function refused(reason: string): Promise<number> {
  const text = await t.app.ops.metrics.text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`telemetry_beacons_refused_total{reason="${reason}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
  await deploy(100);
});
afterAll(async () => {
  await t.close();
});

describe('client telemetry', () => {
  test('a canary visitor’s views count once, as one visitor: errors, load failures and their worst LCP', async () => {
    const before = await counts(CANARY);
    const { token } = await page(); // weight 100: this visitor is on the canary
    const res = await beacon({
      token,
      views: [
        view({ errors: 2, lcp: 1234 }),
        view({ seq: 1, load_failure: true }),
        view({ seq: 2, page: '/landers/gallery', lcp: 900, cls: 0.02, inp: 80 }),
      ],
    });
    expect(res.statusCode).toBe(204);
    const canary = await counts(CANARY);
    expect(canary.pageViews - before.pageViews).toBe(1);
    expect(canary.errorViews - before.errorViews).toBe(1);
    expect(canary.loadFailureViews - before.loadFailureViews).toBe(1);
    expect(canary.lcp.length - before.lcp.length).toBe(1);
    expect(canary.lcp).toContain(1250);
  });

  test('a visitor’s second page adds no second visitor; another visitor does', async () => {
    const first = await page();
    const again = await page(first.cookie);
    expect(again.token).not.toBe(first.token);
    const before = await counts(CANARY);
    await beacon({ token: first.token, views: [view({ errors: 1 })] });
    await beacon({ token: again.token, views: [view({ errors: 1 }), view({ seq: 1, errors: 1 })] });
    expect(await counts(CANARY)).toMatchObject({
      pageViews: before.pageViews + 1,
      errorViews: before.errorViews + 1,
    });
    const other = await page();
    await beacon({ token: other.token, views: [view()] });
    expect(await counts(CANARY)).toMatchObject({
      pageViews: before.pageViews + 2,
      errorViews: before.errorViews + 1,
    });
  });

  test('a replayed beacon, or a second beacon for a view already reported, adds nothing', async () => {
    const { token } = await page();
    const body = { token, views: [view({ errors: 1 })] };
    expect((await beacon(body)).statusCode).toBe(204);
    const after = await everything();
    const replays = await refused('replay');
    expect((await beacon(body)).statusCode).toBe(204);
    expect((await beacon({ token, views: [view({ errors: 5, load_failure: true })] })).statusCode).toBe(204);
    expect(await everything()).toEqual(after);
    expect(await refused('replay')).toBe(replays + 2);
  });

  test.each([
    ['without Origin or Referer', { origin: undefined, 'sec-fetch-site': undefined }, 'csrf', 'origin'],
    [
      'from another site',
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      'csrf',
      'origin',
    ],
    [
      'with another site as Referer',
      { origin: undefined, referer: 'https://evil.example/page' },
      'csrf',
      'origin',
    ],
  ])('a beacon %s is refused with 403 and not stored', async (_, headers, code, reason) => {
    const { token } = await page();
    const before = await everything();
    const counted = await refused(reason);
    const res = await beacon({ token, views: [view({ errors: 3, load_failure: true })] }, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code } });
    expect(await everything()).toEqual(before);
    expect(await refused(reason)).toBe(counted + 1);
  });

  test('our own page’s Referer stands in for a missing Origin', async () => {
    const { token } = await page();
    const res = await beacon({ token, views: [view()] }, { origin: undefined, referer: 'http://localhost/' });
    expect(res.statusCode).toBe(204);
  });

  test('a beacon without a token, with a forged, altered or expired one is refused with 403 and not stored', async () => {
    const { token } = await page();
    const [body, mac] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown[];
    // The same content naming the stable version too, re-encoded without the server's key.
    claims[3] = { ...(claims[3] as object), 'mf-landers': STABLE };
    const altered = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}`;
    const expired = viewTokenFor(
      t.app.services.secrets,
      { visitor: 'visitor-0123456789abc', shell: 'x', remotes: [{ name: 'mf_landers', version: CANARY }] },
      Date.now() - 3 * 60 * 60_000,
    );
    const cases: [unknown, string][] = [
      [undefined, 'token_missing'],
      [`${body}.${'A'.repeat(mac.length)}`, 'token_forged'],
      [altered, 'token_forged'],
      ['not-a-token-at-all-0123456789', 'token_forged'],
      [expired, 'token_expired'],
    ];
    const before = await everything();
    for (const [bad, reason] of cases) {
      const counted = await refused(reason);
      const res = await beacon({ token: bad, views: [view({ version: STABLE, errors: 3 })] });
      expect({ reason, status: res.statusCode }).toEqual({ reason, status: 403 });
      expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
      expect(await refused(reason)).toBe(counted + 1);
    }
    expect(await everything()).toEqual(before);
  });

  test('a beacon for an app or version not on the page is refused with 403 and not stored', async () => {
    const { token } = await page(); // on the canary: the stable lander is not on this page
    const before = await everything();
    for (const other of [
      view({ version: STABLE, errors: 5 }),
      view({ version: '9.9.9-deadbeef', errors: 5 }),
      view({ app: 'mf-chat', version: CANARY }),
    ]) {
      const res = await beacon({ token, views: [view(), other] });
      expect(res.statusCode).toBe(403);
    }
    expect(await everything()).toEqual(before);
  });

  test('an app without a canary counts its deployed version', async () => {
    const before = (await counts(PAYMENTS, 'mf-payments')).pageViews;
    const { token } = await page();
    await beacon({ token, views: [view({ app: 'mf-payments', version: PAYMENTS, page: '/credits' })] });
    expect((await counts(PAYMENTS, 'mf-payments')).pageViews).toBe(before + 1);
  });

  test('error samples are kept per version, scrubbed of addresses, numbers, query strings and markup', async () => {
    const { token } = await page();
    await beacon({
      token,
      views: [
        view({
          errors: 1,
          samples: [
            {
              kind: 'error',
              message:
                'Failed for jan . jansen [at] example . com with +31 6 1234 5678 <img src=x onerror=alert(1)>',
              stack: 'TypeError\n    at render (http://localhost/remotes/mf-landers/x/123.js?v=secret:1:200)',
            },
          ],
        }),
      ],
    });
    const top = (await t.app.services.telemetry.topErrors('mf-landers', CANARY)).find((e) =>
      e.message.startsWith('Failed for'),
    );
    expect(top).toMatchObject({ kind: 'error', message: 'Failed for [email] with [number] ' });
    expect(top!.stack).not.toContain('secret');
    expect(top!.stack).toContain('/remotes/mf-landers/x/123.js:1:200');
  });

  test.each([
    ['no views', { views: [] }],
    ['21 views', { views: Array.from({ length: 21 }, () => view()) }],
    ['a page with a query', { views: [view({ page: '/members?id=1' })] }],
    ['a negative LCP', { views: [view({ lcp: -1 })] }],
    ['an unknown app name', { views: [view({ app: 'evil' })] }],
    ['more errors than a view can have', { views: [view({ errors: 51 })] }],
    ['not JSON', '{"views": ['],
  ])('%s is refused with 400', async (_, body) => {
    const res = await beacon(body, {}, '203.0.113.50');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation' } });
  });

  test('a body over 16 KB is refused with 413', async () => {
    const big = 'x'.repeat(300);
    const samples = Array.from({ length: 3 }, () => ({
      kind: 'error' as const,
      message: big,
      stack: 'y'.repeat(1990),
    }));
    const res = await beacon(
      { views: Array.from({ length: 20 }, () => view({ samples })) },
      {},
      '203.0.113.51',
    );
    expect(res.statusCode).toBe(413);
  });

  test('a flood from one address is dropped with 429', async () => {
    const { token } = await page();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push(
        (
          await beacon(
            { token, views: [view({ seq: i, app: 'mf-payments', version: PAYMENTS })] },
            {},
            '198.51.100.9',
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('the purge job', () => {
  test('keeps what the guard may still read and drops telemetry past 30 days and claims past their expiry', async () => {
    const { token } = await page();
    expect((await beacon({ token, views: [view({ errors: 1 })] })).statusCode).toBe(204);
    const claims = async () =>
      (await first<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM telemetry_claims`))!.n;
    const kept = await counts(CANARY);
    expect(kept.pageViews).toBeGreaterThan(0);
    expect(await claims()).toBeGreaterThan(0);

    await t.app.services.telemetry.prune();
    expect(await counts(CANARY)).toEqual(kept);
    expect(await claims()).toBeGreaterThan(0);

    await t.app.services.telemetry.prune(30, new Date(Date.now() + 31 * 86_400_000));
    expect(await counts(CANARY)).toMatchObject({ pageViews: 0, errorViews: 0, loadFailureViews: 0 });
    expect(await claims()).toBe(0);
    expect(await t.app.services.telemetry.topErrors('mf-landers', CANARY)).toEqual([]);
  });
});

import type { TelemetryView } from '@dating/shared/contract/telemetry';
import {
  createTestApp,
  deployTestShell,
  deployTestVersion,
  publishTestVersion,
  type TestContext,
} from '../../../testing/helpers';

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

/** A visitor's experiment cookie, as the page gave it. */
async function visitor(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/' });
  const value = res.cookies.find((c) => c.name === 'mf_exp')?.value;
  if (!value) throw new Error('no experiment cookie');
  return `mf_exp=${value}`;
}

function view(over: Partial<TelemetryView> = {}): TelemetryView {
  return { app: 'mf-landers', version: CANARY, page: '/', errors: 0, load_failure: false, ...over };
}

/** A beacon as Chromium sends it: same origin, JSON, no X-Requested-With. */
function beacon(body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/telemetry.php',
    remoteAddress: ip,
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const since = new Date(Date.now() - 60_000);
const counts = (version: string) => t.app.services.telemetry.armCounts('mf-landers', version, since);

beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
  await deploy(100);
});
afterAll(async () => {
  await t.close();
});

describe('client telemetry', () => {
  test('a canary visitor’s views count for the canary: errors, load failures and LCP', async () => {
    const cookie = await visitor();
    const res = await beacon(
      {
        views: [
          view({ errors: 2, lcp: 1234 }),
          view({ load_failure: true, lcp: 2500 }),
          view({ page: '/landers/gallery', lcp: 900, cls: 0.02, inp: 80 }),
        ],
      },
      { cookie },
    );
    expect(res.statusCode).toBe(204);
    const canary = await counts(CANARY);
    expect(canary).toMatchObject({ pageViews: 3, errorViews: 1, loadFailureViews: 1 });
    expect([...canary.lcp].sort((a, b) => a - b)).toEqual([950, 1250, 2550]);
  });

  test('a forged report naming the other arm, or an undeployed version, counts nowhere', async () => {
    const before = { stable: await counts(STABLE), canary: await counts(CANARY) };
    const cookie = await visitor(); // weight 100: this visitor is on the canary
    const res = await beacon(
      { views: [view({ version: STABLE, errors: 5 }), view({ version: '9.9.9-deadbeef', errors: 5 })] },
      { cookie },
    );
    expect(res.statusCode).toBe(204);
    // Without the cookie, the canary cannot be named either.
    expect((await beacon({ views: [view({ errors: 3 })] })).statusCode).toBe(204);
    expect(await counts(STABLE)).toEqual(before.stable);
    expect(await counts(CANARY)).toEqual(before.canary);
  });

  test('an app without a canary: its deployed version counts, another does not', async () => {
    const payments = () => t.app.services.telemetry.armCounts('mf-payments', PAYMENTS, since);
    const before = (await payments()).pageViews;
    await beacon({ views: [view({ app: 'mf-payments', version: PAYMENTS, page: '/credits' })] });
    await beacon({ views: [view({ app: 'mf-payments', version: '0.0.1-00000000', page: '/credits' })] });
    expect((await payments()).pageViews).toBe(before + 1);
  });

  test('error samples are kept per version without addresses, numbers or query strings', async () => {
    const cookie = await visitor();
    await beacon(
      {
        views: [
          view({
            errors: 1,
            samples: [
              {
                kind: 'error',
                message: 'Failed for anna@example.com with 0612345678',
                stack:
                  'TypeError\n    at render (http://localhost/remotes/mf-landers/x/123.js?v=secret:1:200)',
              },
            ],
          }),
        ],
      },
      { cookie },
    );
    const [top] = await t.app.services.telemetry.topErrors('mf-landers', CANARY);
    expect(top).toMatchObject({ kind: 'error', message: 'Failed for <email> with <n>' });
    expect(top!.stack).not.toContain('secret');
    expect(top!.stack).toContain('123.js');
  });

  test.each([
    ['no views', { views: [] }],
    ['21 views', { views: Array.from({ length: 21 }, () => view()) }],
    ['a page with a query', { views: [view({ page: '/members?id=1' })] }],
    ['a negative LCP', { views: [view({ lcp: -1 })] }],
    ['an unknown app name', { views: [view({ app: 'evil' })] }],
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

  test('another site’s page cannot post; the header is not needed from our own', async () => {
    const cross = await beacon(
      { views: [view()] },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      '203.0.113.52',
    );
    expect(cross.statusCode).toBe(403);
  });

  test('a flood from one address is dropped with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push(
        (await beacon({ views: [view({ app: 'mf-payments', version: PAYMENTS })] }, {}, '198.51.100.9'))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

import type { TelemetryReport } from '@dating/shared/contract/telemetry';
import { createTelemetry, scrubText, TELEMETRY_ENDPOINT } from './telemetry';

/** jsdom's Blob has no text(): read it the way old browsers do. */
function read(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

function harness(opts: { random?: () => number; sampleRate?: number } = {}) {
  const sent: { url: string; body: Blob }[] = [];
  let clock = 1_000_000;
  const t = createTelemetry({
    send: (url, body) => {
      sent.push({ url, body });
      return true;
    },
    now: () => clock,
    random: opts.random ?? (() => 0),
    sampleRate: opts.sampleRate ?? 1,
  });
  const reports = async () =>
    Promise.all(sent.map(async (s) => JSON.parse(await read(s.body)) as TelemetryReport));
  return { t, sent, reports, tick: (ms: number) => (clock += ms) };
}

describe('client telemetry', () => {
  test('each page view is reported with its app, version and route pattern when the page is hidden', async () => {
    const { t, sent, reports } = harness();
    t.startView('mf-landers', '1.0.0-aaaa', '/');
    t.vital('lcp', 1234.4);
    t.startView('mf-members', '2.0.0-bbbb', '/members/:id');
    t.error('error', new TypeError('x is undefined'));
    expect(sent).toHaveLength(0);
    t.flush();
    expect(sent.map((s) => s.url)).toEqual([TELEMETRY_ENDPOINT]);
    expect(sent[0]!.body.type).toBe('application/json');
    const [report] = await reports();
    expect(report!.views).toEqual([
      { app: 'mf-landers', version: '1.0.0-aaaa', page: '/', errors: 0, load_failure: false, lcp: 1234 },
      {
        app: 'mf-members',
        version: '2.0.0-bbbb',
        page: '/members/:id',
        errors: 1,
        load_failure: false,
        samples: [{ kind: 'error', message: 'TypeError: x is undefined', stack: expect.any(String) }],
      },
    ]);
  });

  test('a remote that fails to load before its view starts counts for that view, not the previous one', async () => {
    const { t, reports } = harness();
    t.startView('mf-landers', '1.0.0-aaaa', '/');
    t.loadFailure('mf-payments', new Error('Loading script failed'));
    t.error('boundary', new Error('render failed'), 'mf-payments');
    t.startView('mf-payments', '3.0.0-cccc', '/credits');
    t.flush();
    const [report] = await reports();
    expect(report!.views[0]).toMatchObject({ app: 'mf-landers', errors: 0, load_failure: false });
    expect(report!.views[1]).toMatchObject({ app: 'mf-payments', errors: 2, load_failure: true });
    expect(report!.views[1]!.samples!.map((s) => s.kind)).toEqual(['load', 'boundary']);
  });

  test('a view of an app whose version is unknown is not reported', async () => {
    const { t, reports } = harness();
    t.startView('shell', null, '/pages/faq');
    t.error('error', new Error('boom'));
    t.flush();
    expect(await reports()).toEqual([]);
  });

  test('sampling: an unsampled view sends nothing', async () => {
    const { t, sent } = harness({ random: () => 0.7, sampleRate: 0.5 });
    t.startView('mf-landers', '1.0.0-aaaa', '/');
    t.flush();
    expect(sent).toHaveLength(0);
  });

  test('batches of at most 20 views, and at most 6 beacons a minute per tab', async () => {
    const { t, sent, reports, tick } = harness();
    for (let i = 0; i < 200; i++) t.startView('mf-members', '2.0.0-bbbb', '/members/:id');
    t.flush();
    expect(sent).toHaveLength(6);
    expect((await reports()).every((r) => r.views.length === 20)).toBe(true);
    tick(61_000);
    t.startView('mf-members', '2.0.0-bbbb', '/members');
    t.flush();
    expect(sent).toHaveLength(7);
  });

  test('no addresses, long numbers or query strings leave the page', () => {
    expect(scrubText('mail anna.b@example.org or call 0612345678', 300)).toBe('mail <email> or call <n>');
    expect(scrubText('at f (https://x.test/remotes/a.js?token=abc:1:2)', 300)).toBe(
      'at f (https://x.test/remotes/a.js)',
    );
    expect(scrubText('x'.repeat(500), 300)).toHaveLength(300);
  });
});

import type { TelemetryReport } from '@dating/shared/contract/telemetry';
import { createTelemetry, TELEMETRY_ENDPOINT } from './telemetry';

/** jsdom's Blob has no text(): read it the way old browsers do. */
function read(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

const VERSIONS: Record<string, string> = {
  shell: '9.0.0-ssss',
  'mf-landers': '1.0.0-aaaa',
  'mf-members': '2.0.0-bbbb',
  'mf-payments': '3.0.0-cccc',
};

/** An error whose stack names `file` as the one that threw, as Chromium writes it. */
function thrownIn(file: string, message = 'boom'): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    at start (${file}:1:200)\n    at http://localhost/remotes/shell/9.0.0-ssss/main.js:1:99`;
  return error;
}
const CANARY_CHUNK = 'http://localhost/remotes/mf-landers/1.0.0-aaaa/src_lander_tsx.js';

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
    token: 'the-page-token-0123456789',
    appOf: (url) => /\/remotes\/([\w-]+)\//.exec(url)?.[1] ?? null,
    versionOf: (app) => VERSIONS[app] ?? null,
    page: () => '/',
  });
  const reports = async () =>
    Promise.all(sent.map(async (s) => JSON.parse(await read(s.body)) as TelemetryReport));
  const views = async () => (await reports()).flatMap((r) => r.views);
  return { t, sent, reports, views, tick: (ms: number) => (clock += ms) };
}

describe('client telemetry', () => {
  test('each page view is reported with its app, version, route pattern and the page token when the page is hidden', async () => {
    const { t, sent, reports } = harness();
    t.startView('mf-landers', '1.0.0-aaaa', '/');
    t.vital('lcp', 1234.4);
    t.startView('mf-members', '2.0.0-bbbb', '/members/:id');
    t.error('error', new TypeError('x is undefined'), 'mf-members');
    expect(sent).toHaveLength(0);
    t.flush();
    expect(sent.map((s) => s.url)).toEqual([TELEMETRY_ENDPOINT]);
    expect(sent[0]!.body.type).toBe('application/json');
    const [report] = await reports();
    expect(report!.token).toBe('the-page-token-0123456789');
    expect(report!.views).toEqual([
      {
        seq: 0,
        app: 'mf-landers',
        version: '1.0.0-aaaa',
        page: '/',
        errors: 0,
        load_failure: false,
        lcp: 1234,
      },
      // The shell runs every page: it is on the page load's first view too.
      { seq: 0, app: 'shell', version: '9.0.0-ssss', page: '/', errors: 0, load_failure: false },
      {
        seq: 1,
        app: 'mf-members',
        version: '2.0.0-bbbb',
        page: '/members/:id',
        errors: 1,
        load_failure: false,
        samples: [{ kind: 'error', message: 'TypeError: x is undefined', stack: expect.any(String) }],
      },
    ]);
  });

  test('an error raised before the first view is reported with that view, charged to the app whose file threw', async () => {
    const { t, views } = harness();
    // The lander's chunk throws while the page starts: no view yet.
    t.error('error', thrownIn(CANARY_CHUNK, 'start-up failed'));
    t.error('rejection', thrownIn(CANARY_CHUNK, 'start-up rejected'));
    t.startView('mf-landers', '1.0.0-aaaa', '/');
    t.flush();
    const lander = (await views()).find((v) => v.app === 'mf-landers')!;
    expect(lander).toMatchObject({ seq: 0, version: '1.0.0-aaaa', errors: 2 });
    expect(lander.samples!.map((s) => s.message)).toEqual([
      'Error: start-up failed',
      'Error: start-up rejected',
    ]);
    // Not the shell's, although its file is lower in the stack.
    expect((await views()).find((v) => v.app === 'shell')).toMatchObject({ errors: 0 });
  });

  test('an error whose stack names a canary chunk is charged to that app, not to the view on screen', async () => {
    const { t, views } = harness();
    t.startView('mf-members', '2.0.0-bbbb', '/members');
    // A preloaded lander chunk throws from a timer while the members page shows.
    t.error('error', thrownIn(CANARY_CHUNK));
    // No stack, but the browser names the file that threw.
    t.error(
      'error',
      'Script error',
      undefined,
      'http://localhost/remotes/mf-payments/3.0.0-cccc/remoteEntry.js',
    );
    t.flush();
    const byApp = Object.fromEntries((await views()).map((v) => [v.app, v.errors]));
    expect(byApp).toEqual({ 'mf-members': 0, shell: 0, 'mf-landers': 1, 'mf-payments': 1 });
  });

  test('an error no file can be named for is charged to every app on the page', async () => {
    const { t, views } = harness();
    t.startView('mf-landers', '1.0.0-aaaa', '/');
    t.error('rejection', 'plain string');
    t.flush();
    expect((await views()).map((v) => [v.app, v.errors])).toEqual([
      ['mf-landers', 1],
      ['shell', 1],
    ]);
  });

  test('a page left before any view started still reports what went wrong', async () => {
    const { t, views } = harness();
    t.loadFailure('mf-landers', new Error('Loading script failed'));
    t.error('error', thrownIn('http://localhost/remotes/mf-landers/1.0.0-aaaa/remoteEntry.js'));
    t.flush();
    expect(await views()).toEqual([
      { seq: 0, app: 'shell', version: '9.0.0-ssss', page: '/', errors: 0, load_failure: false },
      expect.objectContaining({ seq: 0, app: 'mf-landers', errors: 2, load_failure: true }),
    ]);
  });

  test('one view claims one load failure per app however often its remote fails, and a bounded error count', async () => {
    const { t, views } = harness();
    t.startView('mf-payments', '3.0.0-cccc', '/credits');
    for (let i = 0; i < 80; i++) t.loadFailure('mf-payments', new Error('Loading chunk 12 failed'));
    t.flush();
    const payments = (await views()).find((v) => v.app === 'mf-payments')!;
    expect(payments).toMatchObject({ load_failure: true, errors: 50 });
    expect(payments.samples).toHaveLength(3);
  });

  test('a view of an app whose version is unknown is not reported', async () => {
    const { t, reports } = harness();
    t.startView('shell', null, '/pages/faq');
    t.error('error', new Error('boom'));
    t.flush();
    expect(await reports()).toEqual([]);
  });

  test('sampling: an unsampled page sends nothing', async () => {
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

  test('messages and stacks are scrubbed before they leave the page', async () => {
    const { t, views } = harness();
    t.startView('mf-landers', '1.0.0-aaaa', '/');
    t.error('error', new Error('mail anna.b@example.org or call 0612345678'), 'mf-landers');
    t.flush();
    const [sample] = (await views())[0]!.samples!;
    expect(sample!.message).toBe('Error: mail [email] or call [number]');
  });
});

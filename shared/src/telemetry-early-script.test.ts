import {
  EARLY_TELEMETRY_GLOBAL,
  EARLY_TELEMETRY_MAX,
  EARLY_TELEMETRY_SCRIPT,
  type EarlyTelemetry,
} from './telemetry-early-script';

const early = () => (window as unknown as Record<string, EarlyTelemetry>)[EARLY_TELEMETRY_GLOBAL]!;

beforeAll(() => {
  // As the page runs it: its first script.
  new Function(EARLY_TELEMETRY_SCRIPT)();
});

test('before the shell runs: uncaught errors, rejections and scripts that fail to load are kept, other elements not', () => {
  const error = new Error('thrown while the remote starts');
  window.dispatchEvent(
    new ErrorEvent('error', { error, filename: 'http://x.test/remotes/mf-landers/1/remoteEntry.js' }),
  );
  const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
  rejection.reason = 'nope';
  window.dispatchEvent(rejection);
  const script = document.createElement('script');
  script.src = 'http://x.test/remotes/mf-payments/2/remoteEntry.js';
  document.head.appendChild(script);
  script.dispatchEvent(new Event('error'));
  const img = document.createElement('img');
  img.src = 'http://x.test/photo.jpg';
  document.body.appendChild(img);
  img.dispatchEvent(new Event('error'));

  const { q } = early();
  expect(q.map(([kind, , url]) => [kind, url])).toEqual([
    ['error', 'http://x.test/remotes/mf-landers/1/remoteEntry.js'],
    ['rejection', ''],
    ['load', 'http://x.test/remotes/mf-payments/2/remoteEntry.js'],
  ]);
  expect(q[0]![1]).toBe(error);
});

test('at most a bounded number are kept; once the shell takes over, every event goes to it', () => {
  for (let i = 0; i < 50; i++) window.dispatchEvent(new ErrorEvent('error', { message: `e${i}` }));
  expect(early().q).toHaveLength(EARLY_TELEMETRY_MAX);
  const seen: unknown[] = [];
  early().q.length = 0;
  early().f = (kind, error) => seen.push([kind, error]);
  window.dispatchEvent(new ErrorEvent('error', { message: 'later' }));
  expect(seen).toEqual([['error', 'later']]);
  expect(early().q).toHaveLength(0);
});

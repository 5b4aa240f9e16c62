import type { CanaryEntry } from '../../sites';
import {
  assign,
  bucketOf,
  formatExperimentCookie,
  newVisitorId,
  parseExperimentCookie,
  remotesFor,
} from '../assignment';
import { wilsonInterval } from '../wilson';

const remote = (version: string) => ({
  name: 'mf_landers',
  entry: `/remotes/mf-landers/${version}/remoteEntry.js`,
  version,
});
const experiment = (weight: number, canary = '0.2.0-cccccccc'): CanaryEntry => ({
  app: 'mf-landers',
  stable: remote('0.1.0-aaaaaaaa'),
  canary: remote(canary),
  weight,
});

function share(weight: number, visitors = 4000) {
  let canary = 0;
  for (let i = 0; i < visitors; i++) {
    const { assignments } = assign({
      cookie: { visitor: newVisitorId(), versions: {} },
      canaries: [experiment(weight)],
      tracked: [],
    });
    if (assignments[0]!.arm === 'canary') canary++;
  }
  return canary / visitors;
}

describe('assignment', () => {
  test.each([
    [0, 0, 0],
    [20, 0.17, 0.23],
    [50, 0.46, 0.54],
    [100, 1, 1],
  ])('weight %i sends that share of new visitors to the canary', (weight, low, high) => {
    const observed = share(weight);
    expect(observed).toBeGreaterThanOrEqual(low);
    expect(observed).toBeLessThanOrEqual(high);
  });

  test('a visitor keeps the version given, whatever the weight does meanwhile', () => {
    let cookie = { visitor: newVisitorId(), versions: {} as Record<string, string> };
    const first = assign({ cookie, canaries: [experiment(50)], tracked: [] });
    expect(first.assignments[0]!.fresh).toBe(true);
    cookie = parseExperimentCookie(formatExperimentCookie(first.cookie))!;
    for (const weight of [0, 10, 90, 100]) {
      const again = assign({ cookie, canaries: [experiment(weight)], tracked: [] });
      expect(again.assignments[0]).toMatchObject({ version: first.assignments[0]!.version, fresh: false });
    }
  });

  test('a new canary version reassigns; the bucket is a pure function of visitor and version', () => {
    const visitor = newVisitorId();
    expect(bucketOf(visitor, 'mf-landers', 'v2')).toBe(bucketOf(visitor, 'mf-landers', 'v2'));
    const cookie = { visitor, versions: { 'mf-landers': '0.2.0-cccccccc' } };
    const next = assign({ cookie, canaries: [experiment(100, '0.3.0-dddddddd')], tracked: [] });
    expect(next.assignments[0]).toMatchObject({ version: '0.3.0-dddddddd', arm: 'canary', fresh: true });
  });

  test('apps without an experiment leave the cookie; tracked landers record their stable version', () => {
    const cookie = { visitor: newVisitorId(), versions: { 'mf-chat': '1.0.0-old' } };
    const result = assign({ cookie, canaries: [], tracked: [remote('0.1.0-aaaaaaaa')] });
    expect(result.cookie.versions).toEqual({ 'mf-landers': '0.1.0-aaaaaaaa' });
    expect(result.assignments).toEqual([
      { app: 'mf-landers', version: '0.1.0-aaaaaaaa', arm: 'stable', fresh: true },
    ]);
  });

  test('the page inlines the canary manifest for canary visitors only', () => {
    const others = { name: 'mf_chat', entry: '/remotes/mf-chat/1/remoteEntry.js', version: '1' };
    const canary = remotesFor(
      [remote('0.1.0-aaaaaaaa'), others],
      [experiment(50)],
      [{ app: 'mf-landers', version: '0.2.0-cccccccc', arm: 'canary', fresh: false }],
    );
    expect(canary.map((r) => r.version)).toEqual(['0.2.0-cccccccc', '1']);
    const stable = remotesFor(
      [remote('0.1.0-aaaaaaaa')],
      [experiment(50)],
      [{ app: 'mf-landers', version: '0.1.0-aaaaaaaa', arm: 'stable', fresh: false }],
    );
    expect(stable[0]!.entry).toBe('/remotes/mf-landers/0.1.0-aaaaaaaa/remoteEntry.js');
  });

  test.each([undefined, '', 'short', 'x'.repeat(2000), 'bad visitor!~mf-landers=1'])(
    'cookie %p is not ours',
    (value) => {
      expect(parseExperimentCookie(value)).toBeNull();
    },
  );

  test('a cookie round-trips; malformed pairs are dropped', () => {
    const visitor = newVisitorId();
    expect(parseExperimentCookie(`${visitor}~mf-landers=0.1.0-aa~BAD PAIR~mf-chat=`)).toEqual({
      visitor,
      versions: { 'mf-landers': '0.1.0-aa' },
    });
  });
});

describe('Wilson interval', () => {
  test.each([
    [0, 10, 0, 0.2775],
    [5, 10, 0.2366, 0.7634],
    [10, 10, 0.7225, 1],
    [30, 1000, 0.0211, 0.0425],
  ])('%i of %i', (k, n, low, high) => {
    const interval = wilsonInterval(k, n);
    expect(interval.low).toBeCloseTo(low, 3);
    expect(interval.high).toBeCloseTo(high, 3);
  });

  test('no visits: an empty interval, not NaN', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 0 });
  });
});

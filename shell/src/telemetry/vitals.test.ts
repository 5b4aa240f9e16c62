import type { TelemetryReport } from '@dating/shared/contract/telemetry';
import { installTelemetry, telemetry } from './install';
import { observeVitals, type VitalName } from './vitals';

/**
 * The shell's own LCP/CLS/INP observers (vitals.ts) fed with fake PerformanceObserver entries, checked against
 * web-vitals 6's rules (its src/onLCP.ts, onCLS.ts + lib/LayoutShiftManager.ts, onINP.ts + lib/InteractionManager.ts).
 */

interface FakeEntry {
  name?: string;
  startTime: number;
  duration?: number;
  value?: number;
  hadRecentInput?: boolean;
  interactionId?: number;
}

/** A PerformanceObserver whose entries the test delivers (callback) or leaves queued (takeRecords). */
class FakeObserver {
  static supportedEntryTypes = ['largest-contentful-paint', 'layout-shift', 'event', 'first-input', 'paint'];
  static all: FakeObserver[] = [];
  types: string[] = [];
  threshold = 104;
  queued: FakeEntry[] = [];
  disconnected = false;
  constructor(private readonly callback: (list: { getEntries(): FakeEntry[] }) => void) {
    FakeObserver.all.push(this);
  }
  observe({ type, durationThreshold }: { type: string; durationThreshold?: number }) {
    this.types.push(type);
    if (durationThreshold !== undefined) this.threshold = Math.max(16, durationThreshold);
  }
  takeRecords() {
    return this.queued.splice(0);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** What the browser would give this observer of `type` (event entries shorter than its threshold are not). */
  accepts(type: string, entry: FakeEntry) {
    return (
      !this.disconnected &&
      this.types.includes(type) &&
      (type !== 'event' || (entry.duration ?? 0) >= this.threshold)
    );
  }
  deliver(entries: FakeEntry[]) {
    this.callback({ getEntries: () => entries });
  }
}

/** Entries of `type`, delivered to every observer of it now, or queued (seen only through takeRecords). */
function emit(type: string, entries: FakeEntry[], how: 'now' | 'queued' = 'now') {
  for (const po of FakeObserver.all) {
    const mine = entries.filter((e) => po.accepts(type, e));
    if (!mine.length) continue;
    if (how === 'now') po.deliver(mine);
    else po.queued.push(...mine);
  }
}

let visibility: DocumentVisibilityState = 'visible';
let byType: Record<string, FakeEntry[]> = {};
const listeners: { type: string; fn: (event: Event) => void }[] = [];

/** Calls what vitals.ts registered on `window` for `type`, as the browser would (trusted unless said). */
function fire(type: string, timeStamp: number, isTrusted = true) {
  for (const l of listeners.filter((x) => x.type === type)) l.fn({ type, timeStamp, isTrusted } as Event);
}
function hide(timeStamp: number) {
  visibility = 'hidden';
  fire('visibilitychange', timeStamp);
}

function setup() {
  const reports: [VitalName, number][] = [];
  observeVitals((name, value) => reports.push([name, value]));
  return reports;
}

const realObserver = globalThis.PerformanceObserver;

beforeEach(() => {
  // The page's own `performance` (its entries are stubbed below), fake timers for the idle callback.
  jest.useFakeTimers({ doNotFake: ['performance'] });
  FakeObserver.all = [];
  visibility = 'visible';
  byType = { paint: [{ name: 'first-contentful-paint', startTime: 400 }] };
  listeners.length = 0;
  (globalThis as Record<string, unknown>).PerformanceObserver = FakeObserver;
  (globalThis as Record<string, unknown>).PerformanceEventTiming = class {
    get interactionId() {
      return 0;
    }
  };
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: (type: string) => byType[type] ?? [],
  });
  jest.spyOn(window, 'addEventListener').mockImplementation((type, fn) => {
    listeners.push({ type, fn: fn as (event: Event) => void });
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  delete (performance as { interactionCount?: number }).interactionCount;
});

afterAll(() => {
  (globalThis as Record<string, unknown>).PerformanceObserver = realObserver;
});

describe('LCP', () => {
  test('the last largest-contentful-paint before the first input, reported once when the page is idle after it', () => {
    const reports = setup();
    emit('largest-contentful-paint', [{ startTime: 800 }, { startTime: 1500 }]);
    // A script's own click is no input of the visitor's.
    fire('click', 1600, false);
    emit('largest-contentful-paint', [{ startTime: 1700 }]);
    fire('pointerdown', 2000);
    // Painted before the input, its entry not delivered yet: taken from the observer's queue.
    emit('largest-contentful-paint', [{ startTime: 1900 }], 'queued');
    // After the input (a browser would not even emit it): ignored.
    emit('largest-contentful-paint', [{ startTime: 2500 }]);
    expect(reports).toEqual([]);
    jest.runAllTimers();
    expect(reports).toEqual([['lcp', 1900]]);
    fire('keydown', 3000);
    hide(4000);
    jest.runAllTimers();
    expect(reports.filter(([name]) => name === 'lcp')).toEqual([['lcp', 1900]]);
    expect(FakeObserver.all.find((po) => po.types.includes('largest-contentful-paint'))!.disconnected).toBe(
      true,
    );
  });

  test('without input, the last one before the page is hidden, reported when hidden', () => {
    const reports = setup();
    emit('largest-contentful-paint', [{ startTime: 1200 }, { startTime: 2600 }]);
    hide(3000);
    emit('largest-contentful-paint', [{ startTime: 3500 }]);
    expect(reports.filter(([name]) => name === 'lcp')).toEqual([['lcp', 2600]]);
  });

  test('none when the page was hidden before it painted; relative to activation on a prerendered page', () => {
    byType['visibility-state'] = [{ name: 'hidden', startTime: 300 }];
    const hiddenFirst = setup();
    emit('largest-contentful-paint', [{ startTime: 900 }]);
    hide(5000);
    expect(hiddenFirst.filter(([name]) => name === 'lcp')).toEqual([]);

    listeners.length = 0;
    visibility = 'visible';
    byType['visibility-state'] = [];
    byType.navigation = [{ startTime: 0, activationStart: 700 } as FakeEntry];
    const prerendered = setup();
    emit('largest-contentful-paint', [{ startTime: 500 }]);
    hide(6000);
    expect(prerendered.filter(([name]) => name === 'lcp')).toEqual([['lcp', 0]]);
  });
});

describe('CLS', () => {
  test('session windows (gap < 1 s, at most 5 s): the largest window, reported when hidden', () => {
    const reports = setup();
    emit('layout-shift', [
      // 0.1
      { startTime: 1000, value: 0.05 },
      { startTime: 1500, value: 0.05 },
      // 0.3 (a shift right after an input does not count)
      { startTime: 3000, value: 0.1 },
      { startTime: 3200, value: 0.5, hadRecentInput: true },
      { startTime: 3500, value: 0.1 },
      { startTime: 3900, value: 0.1 },
    ]);
    // Shifts 0.9 s apart for 5.4 s: the window closes at 5 s, so 6 × 0.06 = 0.36 and then 0.06, not 0.42.
    emit(
      'layout-shift',
      [10_000, 10_900, 11_800, 12_700, 13_600, 14_500, 15_400].map((startTime) => ({
        startTime,
        value: 0.06,
      })),
    );
    expect(reports).toEqual([]);
    hide(20_000);
    expect(reports).toHaveLength(1);
    expect(reports[0]![0]).toBe('cls');
    expect(reports[0]![1]).toBeCloseTo(0.36, 10);
  });

  test('shifts still queued when the page is hidden count; 0 when nothing shifted; none before a first paint', () => {
    const queued = setup();
    emit('layout-shift', [{ startTime: 1000, value: 0.02 }]);
    emit('layout-shift', [{ startTime: 1400, value: 0.03 }], 'queued');
    hide(2000);
    expect(queued[0]![1]).toBeCloseTo(0.05, 10);

    listeners.length = 0;
    visibility = 'visible';
    const still = setup();
    hide(2000);
    expect(still).toEqual([['cls', 0]]);

    listeners.length = 0;
    visibility = 'visible';
    byType.paint = [];
    const unpainted = setup();
    emit('layout-shift', [{ startTime: 100, value: 0.2 }]);
    hide(2000);
    expect(unpainted).toEqual([]);
  });
});

describe('INP', () => {
  /** `n` interactions 7 ids apart (as Chromium numbers them), each one `event` entry of 48 + i ms, two long ones. */
  function interactions(n: number): FakeEntry[] {
    const entries: FakeEntry[] = [];
    for (let i = 0; i < n; i += 1) {
      const interactionId = 7 * (i + 1);
      const duration = i === 5 ? 60 : i === 10 ? 400 : 48 + (i % 40);
      entries.push({ name: 'pointerdown', startTime: 1000 * i, duration, interactionId });
      // Interaction 5's keyup is its longest entry: the interaction's latency.
      if (i === 5) entries.push({ name: 'keyup', startTime: 1000 * i + 8, duration: 500, interactionId });
    }
    // Entries that are no interaction (hover) are not candidates.
    entries.push({ name: 'mouseover', startTime: 5, duration: 900, interactionId: 0 });
    return entries;
  }

  test('the worst interaction while there are fewer than 50', () => {
    const reports = setup();
    emit('event', interactions(40));
    hide(100_000);
    expect(reports.filter(([name]) => name === 'inp')).toEqual([['inp', 500]]);
  });

  test('with 60 interactions (performance.interactionCount) the worst is skipped: p98', () => {
    Object.defineProperty(performance, 'interactionCount', { configurable: true, get: () => 60 });
    const reports = setup();
    emit('event', interactions(60));
    hide(100_000);
    expect(reports.filter(([name]) => name === 'inp')).toEqual([['inp', 400]]);
    // No counting observer when the browser counts.
    expect(FakeObserver.all.filter((po) => po.types.includes('event'))).toHaveLength(1);
  });

  test('without performance.interactionCount, the count is estimated from the ids; 120 interactions skip two', () => {
    const sixty = setup();
    emit('event', interactions(60));
    hide(100_000);
    expect(sixty.filter(([name]) => name === 'inp')).toEqual([['inp', 400]]);

    listeners.length = 0;
    visibility = 'visible';
    FakeObserver.all = [];
    const many = setup();
    // Short interactions are counted (the counting observer) but are no candidates (threshold 40 ms).
    emit('event', [
      ...interactions(100),
      ...Array.from({ length: 20 }, (_, i) => ({
        startTime: 200_000 + i,
        duration: 24,
        interactionId: 707 + 7 * i,
      })),
    ]);
    hide(300_000);
    // 120 interactions: floor(120 / 50) = 2 skipped (500, 400); the next is 48 + 39.
    expect(many.filter(([name]) => name === 'inp')).toEqual([['inp', 87]]);
  });

  test('a single quick interaction is reported through first-input; none without interactions', () => {
    const quick = setup();
    emit('first-input', [{ name: 'pointerdown', startTime: 900, duration: 16, interactionId: 7 }]);
    emit('event', [{ name: 'pointerdown', startTime: 900, duration: 16, interactionId: 7 }]);
    hide(2000);
    expect(quick.filter(([name]) => name === 'inp')).toEqual([['inp', 16]]);

    listeners.length = 0;
    visibility = 'visible';
    const idle = setup();
    hide(2000);
    expect(idle.filter(([name]) => name === 'inp')).toEqual([]);
  });

  test('nothing in a browser without interaction ids', () => {
    delete (globalThis as Record<string, unknown>).PerformanceEventTiming;
    const reports = setup();
    emit('event', interactions(10));
    hide(2000);
    expect(reports.filter(([name]) => name === 'inp')).toEqual([]);
  });
});

describe('the view beacon', () => {
  /** jsdom's Blob has no text(): read it the way old browsers do. */
  function read(blob: Blob): Promise<string> {
    return new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
  }

  test("carries the page load's LCP, CLS and INP: they are in the view before it is sent on hidden", async () => {
    // Real listeners here: the order of the vitals' and the flush's on a real visibilitychange is what is tested.
    jest.restoreAllMocks();
    jest.useRealTimers();
    const sent: Blob[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, body: Blob) => sent.push(body) > 0,
    });
    installTelemetry([{ name: 'mf_landers', version: '1.0.0-aaaa' }], 'the-page-token-0123456789');
    telemetry()!.startView('mf-landers', '1.0.0-aaaa', '/');
    emit('largest-contentful-paint', [{ startTime: 1234.4 }]);
    emit('layout-shift', [{ startTime: 1000, value: 0.0123 }]);
    emit('event', [{ name: 'click', startTime: 3000, duration: 136, interactionId: 7 }]);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toHaveLength(1);
    const report = JSON.parse(await read(sent[0]!)) as TelemetryReport;
    expect(report.views.find((v) => v.app === 'mf-landers')).toMatchObject({
      lcp: 1234,
      cls: 0.012,
      inp: 136,
    });
  });
});

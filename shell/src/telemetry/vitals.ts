/**
 * The page load's LCP, INP and CLS for the canary guard (docs/adr/0032-canary-guard.md), measured by the shell's own
 * PerformanceObservers instead of the `web-vitals` library (2.9 KB gzip on every first visit), with web-vitals 6's
 * rules for a hard navigation:
 * - **LCP**: the last `largest-contentful-paint` entry painted before the first trusted input (keydown, pointerdown,
 *   click) and before the page was first hidden, relative to the page's activation (prerendering); reported once,
 *   when the page is idle after that input or when it is hidden. None when the page was hidden before it painted.
 * - **CLS**: `layout-shift` entries without recent input, in session windows (a gap under 1 s, at most 5 s long); the
 *   largest window's sum, reported when the page is hidden, and only if its first contentful paint came before that.
 * - **INP**: `event` entries (duration threshold 40 ms) and `first-input`, by `interactionId`, each interaction its
 *   longest entry; of the 10 longest, the worst, skipping one for every 50 interactions of the page
 *   (`performance.interactionCount`, else web-vitals' estimate from the interaction ids). Reported when the page is
 *   hidden.
 * Each is reported before the shell's own hidden/pagehide listeners send the view (capture listeners on `window`).
 * Left out from web-vitals: the bfcache restore (a restored page reports nothing more), soft navigations and
 * attribution; browsers without these entry types report nothing, as with the library.
 */
export type VitalName = 'lcp' | 'inp' | 'cls';

interface Entry {
  name: string;
  startTime: number;
  duration: number;
  /** layout-shift */
  value: number;
  hadRecentInput?: boolean;
  /** event, first-input */
  interactionId?: number;
}
type Handler = (entries: Entry[]) => void;

function observe(types: string[], handler: Handler, durationThreshold?: number) {
  try {
    const po = new PerformanceObserver((list) => handler(list.getEntries() as unknown as Entry[]));
    const supported = types.filter((type) => PerformanceObserver.supportedEntryTypes.includes(type));
    for (const type of supported)
      po.observe({ type, buffered: true, durationThreshold } as PerformanceObserverInit);
    return supported[0] ? po : undefined;
  } catch {
    return undefined;
  }
}

const entriesOf = (type: string) => (performance.getEntriesByType?.(type) ?? []) as unknown as Entry[];

export function observeVitals(report: (name: VitalName, value: number) => void): void {
  const start = () => {
    const activation =
      (entriesOf('navigation')[0] as { activationStart?: number } | undefined)?.activationStart ?? 0;
    /** When the page was first hidden (0: it started hidden). */
    let hiddenAt =
      entriesOf('visibility-state').find((e) => e.name === 'hidden' && e.startTime >= activation)
        ?.startTime ?? (document.visibilityState === 'hidden' ? 0 : Infinity);

    let lcp = -1;
    let inputAt = Infinity;
    let lcpDone = false;
    const onLcp: Handler = (entries) => {
      for (const e of entries)
        if (!lcpDone && e.startTime < hiddenAt && e.startTime < inputAt)
          lcp = Math.max(e.startTime - activation, 0);
    };
    const lcpPo = observe(['largest-contentful-paint'], onLcp);
    const finishLcp = () => {
      if (lcpDone || !lcpPo) return;
      onLcp(lcpPo.takeRecords() as unknown as Entry[]);
      lcpPo.disconnect();
      lcpDone = true;
      if (lcp >= 0) report('lcp', lcp);
    };
    const onInput = (event: Event) => {
      if (!event.isTrusted || inputAt < Infinity) return;
      inputAt = event.timeStamp;
      // In a task of its own once the page is idle (entries of paints before the input may still be queued).
      if (window.requestIdleCallback) window.requestIdleCallback(finishLcp, { timeout: 1000 });
      else setTimeout(finishLcp);
    };
    for (const type of ['keydown', 'pointerdown', 'click']) addEventListener(type, onInput, true);

    let cls = 0;
    let session = 0;
    let sessionStart = 0;
    let lastShift = 0;
    const onShift: Handler = (entries) => {
      for (const e of entries) {
        if (e.hadRecentInput) continue;
        if (session && e.startTime - lastShift < 1000 && e.startTime - sessionStart < 5000)
          session += e.value;
        else {
          session = e.value;
          sessionStart = e.startTime;
        }
        lastShift = e.startTime;
        cls = Math.max(cls, session);
      }
    };
    const clsPo = observe(['layout-shift'], onShift);

    /** Each interaction's longest entry. */
    const interactions = new Map<number, number>();
    const onEvent: Handler = (entries) => {
      for (const { interactionId: id, duration } of entries)
        if (id) interactions.set(id, Math.max(interactions.get(id) ?? 0, duration));
    };
    // Without `performance.interactionCount`, web-vitals' estimate: Chromium's interaction ids go up by 7.
    let minId = Infinity;
    let maxId = 0;
    const onAnyEvent: Handler = (entries) => {
      for (const { interactionId: id } of entries)
        if (id) {
          minId = Math.min(minId, id);
          maxId = Math.max(maxId, id);
        }
    };
    const inpPo =
      typeof PerformanceEventTiming === 'function' && 'interactionId' in PerformanceEventTiming.prototype
        ? observe(['event', 'first-input'], onEvent, 40)
        : undefined;
    if (inpPo && !('interactionCount' in performance)) observe(['event'], onAnyEvent, 0);

    const hidden = (event: Event) => {
      if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
      if (hiddenAt === Infinity) hiddenAt = event.timeStamp;
      finishLcp();
      const fcp = entriesOf('paint').find((e) => e.name === 'first-contentful-paint');
      if (clsPo && fcp && fcp.startTime < hiddenAt) {
        onShift(clsPo.takeRecords() as unknown as Entry[]);
        report('cls', cls);
      }
      if (inpPo) {
        onEvent(inpPo.takeRecords() as unknown as Entry[]);
        const longest = [...interactions.values()].sort((a, b) => b - a).slice(0, 10);
        const count =
          (performance as { interactionCount?: number }).interactionCount ??
          (maxId ? (maxId - minId) / 7 + 1 : 0);
        const inp = longest[Math.min(longest.length - 1, Math.floor(count / 50))];
        if (inp !== undefined) report('inp', inp);
      }
    };
    addEventListener('visibilitychange', hidden, true);
    addEventListener('pagehide', hidden, true);
  };
  if ((document as { prerendering?: boolean }).prerendering)
    addEventListener('prerenderingchange', start, { capture: true, once: true });
  else start();
}

import type { TelemetryView } from '@dating/shared/contract/telemetry';
import type { App } from '../app';

/**
 * `n` page views of mf-payments' `/credits` for `version`, LCP spread 900–1350 ms (the guard tests' traffic), each
 * of another visitor.
 */
export function creditViews(version: string, n: number, over: Partial<TelemetryView> = {}): TelemetryView[] {
  return Array.from({ length: n }, (_, i) => ({
    seq: 0,
    app: 'mf-payments',
    version,
    page: '/credits',
    errors: 0,
    load_failure: false,
    lcp: 900 + (i % 10) * 50,
    ...over,
  }));
}

let visitors = 0;

/** Records views as beacons of at most 20 would, at `at`, each view of a new visitor (the guard counts visitors). */
export async function reportViews(app: App, list: TelemetryView[], at: Date): Promise<void> {
  for (let i = 0; i < list.length; i += 20) {
    const views = list.slice(i, i + 20);
    await app.services.telemetry.record(
      { views, visitor: views.map(() => `test-visitor-${++visitors}`) },
      at,
    );
  }
}

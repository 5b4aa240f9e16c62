import type { TelemetryView } from '@dating/shared/contract/telemetry';
import type { App } from '../app';

/** `n` page views of mf-payments' `/credits` for `version`, LCP spread 900–1350 ms (the guard tests' traffic). */
export function creditViews(version: string, n: number, over: Partial<TelemetryView> = {}): TelemetryView[] {
  return Array.from({ length: n }, (_, i) => ({
    app: 'mf-payments',
    version,
    page: '/credits',
    errors: 0,
    load_failure: false,
    lcp: 900 + (i % 10) * 50,
    ...over,
  }));
}

/** Records views as beacons of at most 20 would, at `at`. */
export async function reportViews(app: App, list: TelemetryView[], at: Date): Promise<void> {
  for (let i = 0; i < list.length; i += 20) await app.services.telemetry.record(list.slice(i, i + 20), at);
}

import { createTelemetry, type Telemetry } from './telemetry';

/**
 * The page's one telemetry instance (issue 31): installed once at start with the versions this visitor was served,
 * reached by the error boundaries, the remote loader and the router. Null in tests and where `sendBeacon` is missing.
 */
declare const __webpack_public_path__: string | undefined;

let instance: Telemetry | null = null;
let versions: Readonly<Record<string, string>> = {};

/** Every page view is reported while traffic is small; lower it when the table grows faster than it is read. */
export const TELEMETRY_SAMPLE_RATE = 1;

export function telemetry(): Telemetry | null {
  return instance;
}

/** The version of an app this page runs (`mf-landers`, …, `shell`), or null when unknown. */
export function versionOf(app: string): string | null {
  return versions[app] ?? null;
}

/** The shell's own version: the folder its files are served from (`/remotes/shell/<version>/`). */
function shellVersion(): string | null {
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  return /\/remotes\/shell\/([\w.+-]+)\/$/.exec(base)?.[1] ?? null;
}

export function installTelemetry(remotes: readonly { name: string; version: string }[]): void {
  if (instance || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const map: Record<string, string> = {};
  for (const remote of remotes) map[remote.name.replace(/_/g, '-')] = remote.version;
  const shell = shellVersion();
  if (shell) map.shell = shell;
  versions = map;
  const t = createTelemetry({
    send: (url, body) => navigator.sendBeacon(url, body),
    now: () => Date.now(),
    random: () => Math.random(),
    sampleRate: TELEMETRY_SAMPLE_RATE,
  });
  instance = t;
  window.addEventListener('error', (event) => t.error('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => t.error('rejection', event.reason));
  const flushWhenHidden = () => {
    // After web-vitals' own listeners (registered first), so INP and CLS are in the view when it is sent.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') t.flush();
    });
    window.addEventListener('pagehide', () => t.flush());
  };
  // Its own chunk: the first load does not grow by the library (web-vitals observes buffered entries, so
  // registering after load still sees the page's LCP).
  import(/* webpackChunkName: "web-vitals" */ 'web-vitals')
    .then(({ onLCP, onINP, onCLS }) => {
      onLCP((metric) => t.vital('lcp', metric.value));
      onINP((metric) => t.vital('inp', metric.value));
      onCLS((metric) => t.vital('cls', metric.value));
    })
    .catch(() => undefined)
    .finally(flushWhenHidden);
}

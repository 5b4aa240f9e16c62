import { matchSiteRoute } from '@dating/shared/site-routes';
import {
  EARLY_TELEMETRY_GLOBAL,
  type EarlyKind,
  type EarlyTelemetry,
} from '@dating/shared/telemetry-early-script';
import { createTelemetry, type Telemetry } from './telemetry';
import { observeVitals } from './vitals';

/**
 * The page's one telemetry instance (docs/adr/0032-canary-guard.md): installed once at start with the versions this
 * visitor was served and the page's view token, reached by the error boundaries, the remote loader and the router.
 * It takes over what the page's first script recorded before the shell ran (shared/src/telemetry-early-script.ts).
 * Null in tests, where `sendBeacon` is missing, and on a page without a view token.
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

const DEPLOYED_FILE = /\/remotes\/(shell|mf-[a-z]{2,20})\/[\w.+-]{1,64}\//;

/** The app a deployed file belongs to (`…/remotes/mf-landers/<version>/…`), when this page runs it. */
export function appOfUrl(url: string): string | null {
  const app = DEPLOYED_FILE.exec(url)?.[1];
  return app && versions[app] ? app : null;
}

/** The shell's own version: the folder its files are served from (`/remotes/shell/<version>/`). */
function shellVersion(): string | null {
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  return /\/remotes\/shell\/([\w.+-]+)\/$/.exec(base)?.[1] ?? null;
}

export function installTelemetry(
  remotes: readonly { name: string; version: string }[],
  token: string | undefined,
): void {
  if (instance || !token || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function')
    return;
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
    token,
    appOf: appOfUrl,
    versionOf,
    page: () => matchSiteRoute(window.location.pathname) ?? '*',
  });
  instance = t;
  const take = (kind: EarlyKind, error: unknown, url: string) => {
    if (kind === 'load') {
      const app = appOfUrl(url);
      if (app) t.loadFailure(app, error);
    } else t.error(kind, error, undefined, url || undefined);
  };
  // What the page's first script saw before the shell ran, then every later event through it.
  const early = (window as unknown as Record<string, EarlyTelemetry | undefined>)[EARLY_TELEMETRY_GLOBAL];
  if (early) {
    for (const [kind, error, url] of early.q.splice(0)) take(kind, error, url);
    early.f = take;
  } else {
    window.addEventListener('error', (event) => take('error', event.error ?? event.message, event.filename));
    window.addEventListener('unhandledrejection', (event) => take('rejection', event.reason, ''));
  }
  // The page load's vitals are measured from the start (buffered entries) and written into the view by their own
  // capture listeners on `window`, registered first, so they run before the view is sent below.
  observeVitals((name, value) => t.vital(name, value));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') t.flush();
  });
  window.addEventListener('pagehide', () => t.flush());
}

import type { TelemetryError, TelemetryView } from '@dating/shared/contract/telemetry';

/**
 * Client telemetry for the canary guard (issue 31, docs/adr/0032-canary-guard.md): for each page view, which app and
 * version drew it, whether it threw, whether its remote failed to load, and its Web Vitals. Views are batched and
 * sent with `navigator.sendBeacon` when the page is hidden or a batch is full; the server aggregates them per app,
 * version, page and minute.
 *
 * No personal data leaves the page: the page is the route's pattern (`/members/:id`), never the URL; error
 * messages are cut short and stripped of anything that looks like an address or a number.
 */

export const TELEMETRY_ENDPOINT = '/api/telemetry.php';
/** Views per beacon (the endpoint takes 20) and bytes per beacon (it takes 16 KB). */
const MAX_VIEWS = 20;
const MAX_BYTES = 15_000;
/** Beacons per minute from this tab, whatever happens on the page (the server limits per address too). */
const MAX_BEACONS_PER_MINUTE = 6;
/** Error samples kept per view. */
const MAX_SAMPLES = 3;

export interface TelemetryDeps {
  /** `navigator.sendBeacon` (returns false when the browser refused to queue it). */
  send(url: string, body: Blob): boolean;
  now(): number;
  /** 0–1; a page view is reported when `random() < sampleRate`. */
  random(): number;
  sampleRate: number;
}

export type ErrorKind = TelemetryError['kind'];

export function scrubText(text: string, max: number): string {
  return text
    .replace(/[^\s@'"<>]+@[^\s@'"<>]+\.[a-z]{2,}/gi, '<email>')
    .replace(/\?[^\s)'"]*/g, '')
    .replace(/\d{6,}/g, '<n>')
    .slice(0, max);
}

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? '' };
  return { message: typeof error === 'string' ? error : 'non-error thrown', stack: '' };
}

export interface Telemetry {
  /**
   * A new page view: the previous one is queued. `app` is the registry key (`mf-landers`) or `shell`; a null
   * version (an app this page does not know the version of) ends the previous view and reports nothing.
   */
  startView(app: string, version: string | null, page: string): void;
  /**
   * An error of the current view, or of `app`'s next view when the current one is another app's (a route's module
   * can fail before its view starts).
   */
  error(kind: ErrorKind, error: unknown, app?: string): void;
  /**
   * The app's remote entry or a chunk failed to load. A failure of another app than the current view's (a route's
   * module loads before its view starts) is kept for that app's next view.
   */
  loadFailure(app: string, error: unknown): void;
  vital(name: 'lcp' | 'inp' | 'cls', value: number): void;
  /** Queues the current view and sends what is queued (page hidden). */
  flush(): void;
}

type OpenView = TelemetryView & { sampled: boolean };

export function createTelemetry(deps: TelemetryDeps): Telemetry {
  let current: OpenView | null = null;
  /** The page load's first view: Web Vitals describe the hard navigation, so they are reported with it. */
  let landing: OpenView | null = null;
  let queue: OpenView[] = [];
  /** Errors of an app whose view has not started yet, replayed when it does. */
  const pending = new Map<string, { kind: ErrorKind | 'load_failure'; error: unknown }[]>();
  const later = (app: string, kind: ErrorKind | 'load_failure', error: unknown) => {
    const list = pending.get(app) ?? [];
    if (list.length < MAX_SAMPLES) list.push({ kind, error });
    pending.set(app, list);
  };
  const sentAt: number[] = [];

  function send() {
    const ready = queue.filter((view) => view.sampled).map(({ sampled: _sampled, ...view }) => view);
    queue = [];
    let waiting = ready;
    while (waiting.length) {
      const now = deps.now();
      while (sentAt.length && now - sentAt[0]! > 60_000) sentAt.shift();
      if (sentAt.length >= MAX_BEACONS_PER_MINUTE) return;
      let batch = waiting.slice(0, MAX_VIEWS);
      let body = JSON.stringify({ views: batch });
      while (body.length > MAX_BYTES && batch.length > 1) {
        batch = batch.slice(0, Math.ceil(batch.length / 2));
        body = JSON.stringify({ views: batch });
      }
      waiting = waiting.slice(batch.length);
      if (body.length > MAX_BYTES) continue;
      sentAt.push(now);
      deps.send(TELEMETRY_ENDPOINT, new Blob([body], { type: 'application/json' }));
    }
  }

  function close() {
    if (current) queue.push(current);
    current = null;
    if (queue.length >= MAX_VIEWS) send();
  }

  const telemetry: Telemetry = {
    startView(app, version, page) {
      close();
      if (!version) return;
      current = {
        app,
        version,
        page,
        errors: 0,
        load_failure: false,
        sampled: deps.random() < deps.sampleRate,
      };
      landing ??= current;
      for (const { kind, error } of pending.get(app) ?? []) {
        if (kind === 'load_failure') telemetry.loadFailure(app, error);
        else telemetry.error(kind, error, app);
      }
      pending.delete(app);
    },
    error(kind, error, app) {
      if (app && current?.app !== app) return later(app, kind, error);
      if (!current) return;
      current.errors = Math.min(100, current.errors + 1);
      const samples = (current.samples ??= []);
      if (samples.length < MAX_SAMPLES) {
        const { message, stack } = describe(error);
        samples.push({ kind, message: scrubText(message, 300), stack: scrubText(stack, 2000) });
      }
    },
    loadFailure(app, error) {
      if (!current || current.app !== app) return later(app, 'load_failure', error);
      current.load_failure = true;
      telemetry.error('load', error, app);
    },
    vital(name, value) {
      // Web Vitals describe the hard navigation: they go with the page load's first view. One that arrives after
      // that view was sent (a page left open past 20 views) is dropped rather than counting the view twice.
      if (!landing || !Number.isFinite(value) || value < 0) return;
      if (landing !== current && !queue.includes(landing)) return;
      landing[name] = name === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value);
    },
    flush() {
      close();
      send();
    },
  };
  return telemetry;
}

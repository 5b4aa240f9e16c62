import type { TelemetryError, TelemetryView } from '@dating/shared/contract/telemetry';
import { TELEMETRY_MAX_ERRORS, TELEMETRY_MAX_SEQ } from '@dating/shared/contract/values/telemetry';
import { scrubText } from '@dating/shared/telemetry-scrub';

/**
 * Client telemetry for the canary guard (docs/adr/0032-canary-guard.md): for each page view, which app and version
 * drew it, and every error, rejected promise and load failure from the page's first line until it is left, charged
 * to the app whose file threw. Views are batched and sent with `navigator.sendBeacon`, with the page's view token,
 * when the page is hidden or a batch is full; the server counts each view once, per visitor.
 *
 * **Attribution.** An error is charged to the app named by the caller (the remote loader, an error boundary), else
 * to the app whose file is the first in the error's stack that names one of the site's deployed files
 * (`/remotes/<app>/<version>/…`), else to the file the browser says threw; failing all that, to every app on the
 * page (the shell and every app that drew or threw in it). An error raised before the page's first view (while
 * the shell and the remotes load and start) is kept and reported with that view; if none ever starts, with a view
 * of the page made when it is left.
 *
 * No personal data leaves the page: the page is the route's pattern (`/members/:id`), never the URL; messages and
 * stacks are scrubbed (shared/src/telemetry-scrub.ts).
 */

export const TELEMETRY_ENDPOINT = '/api/telemetry.php';
/** Views per beacon (the endpoint takes 20) and bytes per beacon (it takes 16 KB). */
const MAX_VIEWS = 20;
const MAX_BYTES = 15_000;
/** Beacons per minute from this tab, whatever happens on the page (the server limits per address too). */
const MAX_BEACONS_PER_MINUTE = 6;
/** Error samples kept per view. */
const MAX_SAMPLES = 3;
/** Errors kept from before the first view. */
const MAX_EARLY = 20;

export interface TelemetryDeps {
  /** `navigator.sendBeacon` (returns false when the browser refused to queue it). */
  send(url: string, body: Blob): boolean;
  now(): number;
  /** 0–1; the page is reported when `random() < sampleRate` (decided once per page). */
  random(): number;
  sampleRate: number;
  /** The page's view token (`SiteData.telemetry`), sent with every beacon. */
  token: string;
  /** The app (registry key) a file of this page belongs to, from its URL; null for anything else. */
  appOf(url: string): string | null;
  /** The version of `app` this page runs, or null when it has none. */
  versionOf(app: string): string | null;
  /** The route pattern of the page, for a view made when none started. */
  page(): string;
}

export type ErrorKind = TelemetryError['kind'];

export { scrubText };

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? '' };
  return { message: typeof error === 'string' ? error : 'non-error thrown', stack: '' };
}

/** URLs in a stack, top frame first (Chromium's `at f (url:1:2)`, Firefox's and Safari's `f@url:1:2`). */
function stackUrls(stack: string): string[] {
  return [...stack.matchAll(/(https?:\/\/[^\s)]+?)(?::\d+){0,2}(?=\)|\s|$)/gm)].map((m) => m[1]!);
}

export interface Telemetry {
  /**
   * A new page view: the previous one is queued. `app` is the registry key (`mf-landers`) or `shell`; a null
   * version (an app this page does not know the version of) ends the previous view and reports nothing.
   */
  startView(app: string, version: string | null, page: string): void;
  /**
   * An error, charged to `app` when the caller knows it (a remote's error boundary), else to the app whose file
   * threw (`url`: the file the browser names, when the stack names none), else to every app on the page.
   */
  error(kind: ErrorKind, error: unknown, app?: string, url?: string): void;
  /** The app's remote entry or a chunk failed to load: one load failure of that app in the current view. */
  loadFailure(app: string, error: unknown): void;
  vital(name: 'lcp' | 'inp' | 'cls', value: number): void;
  /** Queues the current view and sends what is queued (page hidden). */
  flush(): void;
}

interface Charge {
  /** The app charged, or null: every app on the page. */
  app: string | null;
  kind: ErrorKind;
  error: unknown;
  failure: boolean;
}

interface Navigation {
  seq: number;
  page: string;
  views: Map<string, TelemetryView>;
}

export function createTelemetry(deps: TelemetryDeps): Telemetry {
  const sampled = deps.random() < deps.sampleRate;
  let nav: Navigation | null = null;
  let seq = -1;
  /** The page load's first view: Web Vitals describe the hard navigation, so they are reported with it. */
  let landing: TelemetryView | null = null;
  let queue: TelemetryView[] = [];
  /** Errors before the first view, charged when it starts. */
  const early: Charge[] = [];
  /** Apps on the page: the shell, and every app that drew a view or was charged an error. */
  const onPage = new Set<string>(['shell']);
  const sentAt: number[] = [];

  function send() {
    let waiting = sampled ? queue : [];
    queue = [];
    while (waiting.length) {
      const now = deps.now();
      while (sentAt.length && now - sentAt[0]! > 60_000) sentAt.shift();
      if (sentAt.length >= MAX_BEACONS_PER_MINUTE) return;
      let batch = waiting.slice(0, MAX_VIEWS);
      let body = JSON.stringify({ token: deps.token, views: batch });
      while (body.length > MAX_BYTES && batch.length > 1) {
        batch = batch.slice(0, Math.ceil(batch.length / 2));
        body = JSON.stringify({ token: deps.token, views: batch });
      }
      waiting = waiting.slice(batch.length);
      if (body.length > MAX_BYTES) continue;
      sentAt.push(now);
      deps.send(TELEMETRY_ENDPOINT, new Blob([body], { type: 'application/json' }));
    }
  }

  function close() {
    if (nav) queue.push(...nav.views.values());
    nav = null;
    if (queue.length >= MAX_VIEWS) send();
  }

  /** The current navigation's view of `app`, made when it has none yet (null: the page does not run the app). */
  function viewOf(app: string): TelemetryView | null {
    if (!nav) return null;
    let view = nav.views.get(app);
    if (!view) {
      const version = deps.versionOf(app);
      if (!version) return null;
      view = { seq: nav.seq, app, version, page: nav.page, errors: 0, load_failure: false };
      nav.views.set(app, view);
      onPage.add(app);
    }
    return view;
  }

  function charge({ app, kind, error, failure }: Charge) {
    for (const target of app ? [app] : [...onPage]) {
      const view = viewOf(target);
      if (!view) continue;
      if (failure) view.load_failure = true;
      view.errors = Math.min(TELEMETRY_MAX_ERRORS, view.errors + 1);
      const samples = (view.samples ??= []);
      if (samples.length < MAX_SAMPLES) {
        const { message, stack } = describe(error);
        samples.push({ kind, message: scrubText(message, 300), stack: scrubText(stack, 2000) });
      }
    }
  }

  function record(item: Charge) {
    if (nav) charge(item);
    else if (seq < 0 && early.length < MAX_EARLY) early.push(item);
  }

  /** A navigation: its drawing app's view and, on the page's first, the shell's (the shell runs every page). */
  function begin(page: string, app: string | null) {
    if (seq >= TELEMETRY_MAX_SEQ) return;
    seq += 1;
    nav = { seq, page, views: new Map() };
    const first = app ? viewOf(app) : null;
    if (seq === 0) {
      landing = first;
      viewOf('shell');
    }
    for (const item of early.splice(0)) charge(item);
  }

  /** The app of the first of the site's files in the stack, else of `url`. */
  function attribute(error: unknown, url: string | undefined): string | null {
    const stack = error instanceof Error ? (error.stack ?? '') : '';
    for (const frame of stackUrls(stack)) {
      const app = deps.appOf(frame);
      if (app) return app;
    }
    return url ? deps.appOf(url) : null;
  }

  const telemetry: Telemetry = {
    startView(app, version, page) {
      close();
      if (!version) {
        // Nothing of this view is reported, nor kept for later.
        if (seq < 0) seq = 0;
        early.length = 0;
        return;
      }
      begin(page, app);
    },
    error(kind, error, app, url) {
      record({ app: app ?? attribute(error, url), kind, error, failure: false });
    },
    loadFailure(app, error) {
      record({ app, kind: 'load', error, failure: true });
    },
    vital(name, value) {
      // Web Vitals describe the hard navigation: they go with the page load's first view. One that arrives after
      // that view was sent (a page left open past 20 views) is dropped rather than counting the view twice.
      if (!landing || !Number.isFinite(value) || value < 0) return;
      if (nav?.seq !== landing.seq && !queue.includes(landing)) return;
      landing[name] = name === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value);
    },
    flush() {
      // Left before any view started (the page failed while it started): what happened is reported with a view of
      // the page, charged to the apps that threw.
      if (seq < 0 && early.length) begin(deps.page(), null);
      close();
      send();
    },
  };
  return telemetry;
}

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerHydration, SiteData } from '@dating/shared/contract/index';
import { trafficSource } from '@dating/shared/lib/traffic-source';
import { TtlMap } from '../../lib/ttl-map';

// Server rendering of the landers, `/login`, `/signup` and the static pages (docs/adr/0030-server-rendered-landers.md).
// The shell's server bundle (`shell/<version>/server/render.js`) is the federation host; it renders with the server
// container of the page's remote in the version the visitor is assigned (`mf-landers/<version>/server/remoteEntry.js`,
// `mf-account/…`; none for the shell's own pages). All are read from the
// deployed version's files and evaluated once per version in each of a few worker threads (`ssr-worker.cjs`): a
// deploy or a rollback needs no api restart, a version's server rendering goes with it, and a render that loops
// synchronously blocks its worker, not the api (the worker is terminated). Anything that goes wrong (missing,
// throws, over budget) answers null and the page is served as before, rendered by the browser. A rendered page is
// kept for a few seconds per everything it depends on (`SSR_CACHE_TTL_MS`; the `ssr` cache of lib/caches.ts).

/**
 * The one place a deployed version's files are read for server rendering (`server/render.js`,
 * `server/remoteEntry.js`, `mf-manifest.json`): today the deploy folder (`$DATA_DIR/site/<app>/<version>/`).
 * Null when the version has no such file (e.g. built before server bundles existed).
 */
export type ServerBundleReader = (app: string, version: string, file: string) => Promise<string | null>;

export function readServerBundleFromDisk(siteDir: string): ServerBundleReader {
  return async (app, version, file) => {
    try {
      return await readFile(path.join(siteDir, app, version, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
}

/**
 * What a server render sees of a request's address: the origin and path, and of the query only the visitor's
 * traffic source (`network`, `ref`: the one part of the address a lander reads, `trafficSource` in
 * shared/src/lib/traffic-source.ts, cut to its length the same way). Anything else a visitor types (ad click ids,
 * made-up parameters) never reaches the render, so it can neither grow the page nor make it another cache entry.
 * A page without a traffic source is every visitor's page (kept in the rendered-page cache); one with it is
 * `own`: that visitor's alone (docs/adr/0030, "A render per request").
 */
export function renderAddress(origin: string, requestUrl: string): { url: string; own: boolean } {
  const at = requestUrl.indexOf('?');
  const path = at < 0 ? requestUrl : requestUrl.slice(0, at);
  const source = at < 0 ? {} : trafficSource(requestUrl.slice(at + 1));
  const query = new URLSearchParams(source as Record<string, string>).toString();
  return { url: `${origin}${path}${query ? `?${query}` : ''}`, own: query !== '' };
}

export type SsrFallbackReason = 'missing' | 'error' | 'timeout';

export interface SsrStats {
  /** Renders that produced a page (cache hits not included). */
  rendered: number;
  fallback: Record<SsrFallbackReason, number>;
  /** Workers terminated because a render blocked them past the budget (a synchronous loop). */
  terminated: number;
  /** Pages served from the rendered-page cache. */
  cached: number;
}

/** A remote's server container a page renders with: its federation name and the version the visitor is assigned. */
export interface SsrRemote {
  name: string;
  version: string;
}

export interface SsrRequest {
  shellVersion: string;
  /**
   * The page's remote in the version this visitor is assigned (the canary's for its arm): mf-landers for a lander,
   * mf-account for `/login` and `/signup`; none for the shell's own pages (`/pages/*`).
   */
  remotes: SsrRemote[];
  /** What the render sees of the page's address (`renderAddress`): the path, and the traffic source if any. */
  url: string;
  /**
   * The page is this visitor's own (their traffic source is in it): rendered for them alone, never kept in the
   * rendered-page cache and never served to anyone else.
   */
  own?: boolean;
  siteData: SiteData;
  fetch(request: Request): Promise<Response>;
  /**
   * Called once when this request's render fell back to client rendering (not for visitors who waited on the same
   * render): the version it rendered is charged with the failure (client telemetry, docs/adr/0032).
   */
  onFallback?(reason: SsrFallbackReason, error: unknown): void;
}

type PageStyles = { remote: string; chunks: string[] }[];

export type SsrResult =
  | {
      kind: 'page';
      status: number;
      html: string;
      hydration: ServerHydration;
      /** URL paths of the remote's CSS files the page uses (linked in the head). */
      css: string[];
    }
  | { kind: 'redirect' };

type WorkerOutput =
  | { kind: 'page'; status: number; html: string; hydration: ServerHydration; styles: PageStyles }
  | { kind: 'redirect' };

type WorkerMessage =
  | { type: 'done'; id: number; result: WorkerOutput }
  | { type: 'failed'; id: number; missing: boolean; error: { message: string; stack?: string } }
  | { type: 'read'; call: number; app: string; version: string; file: string }
  | {
      type: 'fetch';
      call: number;
      /** The render that makes the request (whose visitor it is made for). */
      id: number;
      url: string;
      method: string;
      headers: [string, string][];
      body: ArrayBuffer | null;
    }
  | { type: 'pong'; ping: number };

type Outcome = { ok: true; result: WorkerOutput } | { ok: false; reason: SsrFallbackReason; error: unknown };

interface PendingRender {
  request: SsrRequest;
  settle(outcome: Outcome): void;
}

interface PoolWorker {
  worker: Worker;
  renders: Map<number, PendingRender>;
  /** A render on it went past the budget: no new render until it answers a ping (else it is terminated). */
  suspect: boolean;
  pongs: Map<number, () => void>;
}

/** The remotes whose pages are rendered on the server (their stable versions are evaluated at the api's start). */
const SERVER_RENDERED_REMOTES = ['mf_landers', 'mf_account'];

/** The worker's file: next to this module in the sources (tests) and in api/dist (api/build.mjs copies it). */
const WORKER_FILE = path.join(__dirname, 'ssr-worker.cjs');

export function createServerRenderer(options: {
  read: ServerBundleReader;
  log: FastifyBaseLogger;
  /** Time budget of one render (ms), loading a version's bundles included. */
  budgetMs: number;
  /** Worker threads that render (each evaluates the bundles of the versions it renders once). */
  workers?: number;
  /** How long a rendered page is served again to visitors for whom everything it depends on is the same (ms; 0: never). */
  cacheTtlMs?: number;
  /** The registry as last loaded: when it is another object (a deploy, canary or rollback), the cache is dropped. */
  registryState?: () => unknown;
  /** Calls `clear` when the data a page inlines may have changed (members, a site's settings): the cache is dropped. */
  onDataChange?: (clear: () => void) => void;
}) {
  const { read, log } = options;
  const size = Math.max(1, options.workers ?? 2);
  const manifests = new Map<string, Promise<string[]>>();
  const stats: SsrStats = {
    rendered: 0,
    fallback: { missing: 0, error: 0, timeout: 0 },
    terminated: 0,
    cached: 0,
  };

  /** Every CSS file of a remote version's browser build (its `mf-manifest.json`). */
  function cssFiles(app: string, version: string): Promise<string[]> {
    let pending = manifests.get(`${app}@${version}`);
    if (!pending) {
      pending = (async () => {
        const text = await read(app, version, 'mf-manifest.json');
        if (text === null) return [];
        const manifest = JSON.parse(text) as {
          exposes?: { assets?: { css?: { sync?: string[]; async?: string[] } } }[];
        };
        const files = new Set<string>();
        for (const expose of manifest.exposes ?? []) {
          for (const file of [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])])
            files.add(file);
        }
        return [...files];
      })();
      manifests.set(`${app}@${version}`, pending);
      pending.catch(() => manifests.delete(`${app}@${version}`));
    }
    return pending;
  }

  async function stylesOf(styles: PageStyles, remotes: SsrRemote[]): Promise<string[]> {
    const out: string[] = [];
    for (const { remote, chunks } of styles) {
      const app = remote.replace(/_/g, '-');
      const version = remotes.find((r) => r.name === remote)?.version;
      if (!version) continue;
      const files = await cssFiles(app, version);
      for (const chunk of chunks) {
        for (const file of files)
          if (file.startsWith(`${chunk}.`)) out.push(`/remotes/${app}/${version}/${file}`);
      }
    }
    return out;
  }

  // ---- the worker pool ----
  const pool: PoolWorker[] = [];
  let nextId = 0;
  let nextPing = 0;
  let closed = false;

  function spawn(): PoolWorker {
    const worker = new Worker(WORKER_FILE);
    // The api's shutdown does not wait for an idle renderer.
    worker.unref();
    const entry: PoolWorker = { worker, renders: new Map(), suspect: false, pongs: new Map() };
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'done':
          entry.renders.get(message.id)?.settle({ ok: true, result: message.result });
          break;
        case 'failed': {
          const error = Object.assign(new Error(message.error.message), { stack: message.error.stack });
          entry.renders
            .get(message.id)
            ?.settle({ ok: false, reason: message.missing ? 'missing' : 'error', error });
          break;
        }
        case 'read':
          read(message.app, message.version, message.file).then(
            (value) => worker.postMessage({ type: 'reply', call: message.call, value }),
            (error: unknown) =>
              worker.postMessage({ type: 'reply', call: message.call, error: String(error) }),
          );
          break;
        case 'fetch':
          void answerFetch(entry, message);
          break;
        case 'pong':
          entry.pongs.get(message.ping)?.();
          break;
      }
    });
    const died = (error: unknown) => {
      remove(entry);
      for (const pending of entry.renders.values()) pending.settle({ ok: false, reason: 'error', error });
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`server-rendering worker exited (${code})`)));
    pool.push(entry);
    return entry;
  }

  function remove(entry: PoolWorker) {
    const index = pool.indexOf(entry);
    if (index >= 0) pool.splice(index, 1);
  }

  /** A render's api request, made by the main thread as that render's visitor (`SsrRequest.fetch`). */
  async function answerFetch(entry: PoolWorker, message: Extract<WorkerMessage, { type: 'fetch' }>) {
    const reply = (value: unknown, transfer: ArrayBuffer[] = []) =>
      entry.worker.postMessage({ type: 'reply', call: message.call, ...(value as object) }, transfer);
    const pending = entry.renders.get(message.id);
    if (!pending) return reply({ error: 'the render is over' });
    try {
      const answer = await pending.request.fetch(
        new Request(message.url, {
          method: message.method,
          headers: message.headers,
          ...(message.body ? { body: message.body } : {}),
        }),
      );
      const body = [204, 205, 304].includes(answer.status) ? null : await answer.arrayBuffer();
      reply({ value: { status: answer.status, headers: [...answer.headers], body } }, body ? [body] : []);
    } catch (error) {
      reply({ error: String(error) });
    }
  }

  /**
   * The least busy worker that is not suspected of hanging; a new one while the pool is not full (or, while some
   * are suspected, up to twice its size).
   */
  function pick(): PoolWorker {
    const healthy = pool.filter((entry) => !entry.suspect);
    const idle = healthy.find((entry) => entry.renders.size === 0);
    if (idle) return idle;
    if (healthy.length < size && pool.length < size * 2) return spawn();
    const candidates = healthy.length ? healthy : pool;
    return candidates.reduce((best, entry) => (entry.renders.size < best.renders.size ? entry : best));
  }

  /**
   * After a render went past its budget: a worker that does not answer a ping within twice the budget (at least
   * 3 s: a worker that is only busy, on a loaded machine, answers between two renders) is blocked in a synchronous
   * loop and is terminated; its other renders fall back too. Until it answers it gets no new render.
   */
  function checkAlive(entry: PoolWorker) {
    if (entry.suspect || !pool.includes(entry)) return;
    entry.suspect = true;
    const ping = ++nextPing;
    const { pongs } = entry;
    const timer = setTimeout(
      () => {
        pongs.delete(ping);
        if (!pool.includes(entry)) return;
        stats.terminated += 1;
        log.error(
          { ssr: 'terminated' },
          'a server-rendering worker did not answer within the budget: terminated',
        );
        remove(entry);
        const error = new Error('its server-rendering worker was blocked and was terminated');
        for (const pending of entry.renders.values()) pending.settle({ ok: false, reason: 'error', error });
        void entry.worker.terminate();
      },
      Math.max(2 * options.budgetMs, 3000),
    );
    timer.unref();
    pongs.set(ping, () => {
      clearTimeout(timer);
      pongs.delete(ping);
      entry.suspect = false;
    });
    entry.worker.postMessage({ type: 'ping', ping });
  }

  function renderInWorker(request: SsrRequest): Promise<Outcome> {
    return new Promise<Outcome>((resolve) => {
      const entry = pick();
      const id = ++nextId;
      let done = false;
      const timer = setTimeout(() => {
        settle({ ok: false, reason: 'timeout', error: new Error('server render budget exceeded') });
        entry.worker.postMessage({ type: 'abort', id });
        checkAlive(entry);
      }, options.budgetMs);
      function settle(outcome: Outcome) {
        if (done) return;
        done = true;
        clearTimeout(timer);
        entry.renders.delete(id);
        resolve(outcome);
      }
      entry.renders.set(id, { request, settle });
      entry.worker.postMessage({
        type: 'render',
        id,
        input: {
          shellVersion: request.shellVersion,
          remotes: request.remotes,
          url: request.url,
          siteData: request.siteData,
        },
      });
    });
  }

  function fallback(reason: SsrFallbackReason, request: SsrRequest, error: unknown): null {
    stats.fallback[reason] += 1;
    request.onFallback?.(reason, error);
    log.warn(
      {
        ssr: reason,
        url: request.url,
        shell: request.shellVersion,
        remotes: request.remotes.map((remote) => `${remote.name}@${remote.version}`).join(' '),
        err: error,
      },
      'server rendering failed: the page is rendered by the browser',
    );
    return null;
  }

  async function renderNow(request: SsrRequest): Promise<SsrResult | null> {
    const outcome = await renderInWorker(request);
    if (!outcome.ok) {
      return fallback(
        outcome.reason,
        request,
        outcome.reason === 'missing' ? (outcome.error as Error).message : outcome.error,
      );
    }
    stats.rendered += 1;
    const { result } = outcome;
    if (result.kind === 'redirect') return result;
    const { styles, ...page } = result;
    try {
      return { ...page, css: await stylesOf(styles, request.remotes) };
    } catch (error) {
      return fallback('error', request, error);
    }
  }

  // Rendered pages, per everything the output depends on and nothing a visitor types: the page's origin and path
  // (the site and the lander; `renderAddress` leaves no query in a page that is kept), the versions the visitor is
  // assigned (shell, landers, and every remote in the site data) and the site data the render starts from
  // (settings of the site, country and locale; the visitor's locale; 404 or not). A visitor's own page (their
  // traffic source is in it) is never kept. Only visitors without a session are rendered, so no member's data is
  // in it; the api data the page inlines (member previews) is at most the TTL old. At most 2,000 pages. Dropped
  // when the registry changes (deploy, canary, rollback) and when members or a site's settings change (the bus,
  // on every node).
  const cache = new TtlMap<string, Promise<SsrResult | null>>(options.cacheTtlMs ?? 0, 2000, 'ssr');
  let registrySeen: unknown = options.registryState?.();
  options.onDataChange?.(() => cache.clear());
  const keyOf = (request: SsrRequest) =>
    createHash('sha256')
      .update(JSON.stringify([request.shellVersion, request.remotes, request.url, request.siteData]))
      .digest('base64');

  return {
    stats: (): SsrStats => structuredClone(stats),
    /** The page rendered on the server, or null: the caller serves the page for client rendering. */
    async render(request: SsrRequest): Promise<SsrResult | null> {
      if (closed) return null;
      if (!options.cacheTtlMs || request.own) return renderNow(request);
      const registry = options.registryState?.();
      if (registry !== registrySeen) {
        registrySeen = registry;
        cache.clear();
      }
      const key = keyOf(request);
      const hit = cache.get(key);
      if (hit) {
        // A render of the same page under way is waited for (one render for a burst of visitors); when it fell
        // back, so does this visitor (it was logged and counted once).
        const result = await hit;
        if (result) stats.cached += 1;
        return result;
      }
      const pending = renderNow(request);
      cache.set(key, pending);
      // A fallback is not kept: the next visitor tries again.
      void pending.then((result) => {
        if (result === null) cache.delete(key);
      });
      return pending;
    },
    /**
     * Starts the workers and has each evaluate the deployed shell's and stable remotes' server bundles (in the
     * background), so the first visitors' renders do not spend their budget on it.
     */
    warm(): void {
      const deployed = options.registryState?.() as
        { shell: { version: string } | null; remotes: { name: string; version: string }[] } | undefined;
      const remotes = (deployed?.remotes ?? [])
        .filter((remote) => SERVER_RENDERED_REMOTES.includes(remote.name))
        .map(({ name, version }) => ({ name, version }));
      if (closed || !deployed?.shell || !remotes.length) return;
      while (pool.length < size) spawn();
      for (const entry of pool) {
        entry.worker.postMessage({ type: 'warm', shellVersion: deployed.shell.version, remotes });
      }
    },
    /** Terminates the workers (the api's shutdown). */
    async close(): Promise<void> {
      closed = true;
      await Promise.all(pool.splice(0).map((entry) => entry.worker.terminate()));
    },
  };
}
export type ServerRenderer = ReturnType<typeof createServerRenderer>;

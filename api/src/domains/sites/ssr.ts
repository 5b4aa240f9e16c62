import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerHydration, SiteData } from '@dating/shared/contract/index';

// Server rendering of the landers (docs/adr/0030-server-rendered-landers.md). The shell's server bundle
// (`shell/<version>/server/render.js`) is the federation host; it renders with the server container of the
// mf-landers version the visitor is assigned (`mf-landers/<version>/server/remoteEntry.js`). Both are read from the
// deployed version's files and evaluated here, once per version: a deploy or a rollback needs no api restart, and
// a version's server rendering goes with it. Anything that goes wrong (missing, throws, over budget) answers null
// and the page is served as before, rendered by the browser.

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

/** The shell server bundle's API (shell/src/server/render.tsx). */
interface ShellServerBundle {
  createRenderer(options: { name: string; loadContainer(remote: { name: string; version: string }): Promise<unknown> }): {
    render(input: {
      url: string;
      siteData: SiteData;
      remotes: { name: string; version: string }[];
      fetch(request: Request): Promise<Response>;
      signal: AbortSignal;
    }): Promise<
      | { kind: 'page'; status: number; html: string; hydration: ServerHydration; styles: PageStyles }
      | { kind: 'redirect' }
    >;
  };
}
type ShellRenderer = ReturnType<ShellServerBundle['createRenderer']>;

const nodeRequire = createRequire(path.join(process.cwd(), 'ssr.js'));

/** A CommonJS bundle evaluated as a module of this process (it may require Node's built-in modules only). */
function evaluateCommonJs(code: string, filename: string): unknown {
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = new vm.Script(`(function (exports, module, require, __dirname, __filename) {${code}\n})`, {
    filename,
  }).runInThisContext() as (...args: unknown[]) => void;
  wrapper(module.exports, module, nodeRequire, path.dirname(filename), filename);
  return module.exports;
}

export type SsrFallbackReason = 'missing' | 'error' | 'timeout';

export interface SsrStats {
  rendered: number;
  fallback: Record<SsrFallbackReason, number>;
}

export interface SsrRequest {
  shellVersion: string;
  /** mf-landers' version for this visitor (the canary's for its arm). */
  landersVersion: string;
  url: string;
  siteData: SiteData;
  fetch(request: Request): Promise<Response>;
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

class MissingBundle extends Error {}

export function createServerRenderer(options: {
  read: ServerBundleReader;
  log: FastifyBaseLogger;
  /** Time budget of one render (ms), loading a version's bundles included. */
  budgetMs: number;
}) {
  const { read, log } = options;
  const shells = new Map<string, Promise<ShellRenderer>>();
  const containers = new Map<string, Promise<unknown>>();
  const manifests = new Map<string, Promise<string[]>>();

  /** Every CSS file of a remote version's browser build (its `mf-manifest.json`). */
  function cssFiles(app: string, version: string): Promise<string[]> {
    return once(manifests, `${app}@${version}`, async () => {
      const text = await read(app, version, 'mf-manifest.json');
      if (text === null) return [];
      const manifest = JSON.parse(text) as { exposes?: { assets?: { css?: { sync?: string[]; async?: string[] } } }[] };
      const files = new Set<string>();
      for (const expose of manifest.exposes ?? []) {
        for (const file of [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])]) files.add(file);
      }
      return [...files];
    });
  }

  async function stylesOf(styles: PageStyles, landersVersion: string): Promise<string[]> {
    const out: string[] = [];
    for (const { remote, chunks } of styles) {
      const app = remote.replace(/_/g, '-');
      const version = remote === 'mf_landers' ? landersVersion : null;
      if (!version) continue;
      const files = await cssFiles(app, version);
      for (const chunk of chunks) {
        for (const file of files) if (file.startsWith(`${chunk}.`)) out.push(`/remotes/${app}/${version}/${file}`);
      }
    }
    return out;
  }
  const stats: SsrStats = { rendered: 0, fallback: { missing: 0, error: 0, timeout: 0 } };

  /** Cached per version while it loads and once loaded; a failure is forgotten so the next request tries again. */
  function once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    let pending = cache.get(key);
    if (!pending) {
      pending = load();
      cache.set(key, pending);
      pending.catch(() => {
        if (cache.get(key) === pending) cache.delete(key);
      });
    }
    return pending;
  }

  /**
   * A remote version's container, evaluated once per shell version: a container is initialised with its host's
   * shared singletons, so a new shell version (another React instance) gets fresh containers.
   */
  function container(shellVersion: string, remote: { name: string; version: string }): Promise<unknown> {
    const app = remote.name.replace(/_/g, '-');
    return once(containers, `${shellVersion}|${app}@${remote.version}`, async () => {
      const code = await read(app, remote.version, 'server/remoteEntry.js');
      if (code === null) throw new MissingBundle(`${app} ${remote.version} has no server bundle`);
      const exports = evaluateCommonJs(code, `/remotes/${app}/${remote.version}/server/remoteEntry.js`) as Record<
        string,
        unknown
      >;
      return exports[remote.name] ?? exports;
    });
  }

  let currentShell: string | null = null;
  let evaluations = 0;
  function shell(version: string): Promise<ShellRenderer> {
    // One shell version at a time: the federation runtime's share scope is the process's, and a container
    // initialised with another shell's singletons would render with a second React. A deploy or rollback of the
    // shell evaluates it and the containers afresh.
    if (version !== currentShell) {
      shells.clear();
      containers.clear();
      currentShell = version;
    }
    return once(shells, version, async () => {
      const code = await read('shell', version, 'server/render.js');
      if (code === null) throw new MissingBundle(`shell ${version} has no server bundle`);
      const bundle = evaluateCommonJs(code, `/remotes/shell/${version}/server/render.js`) as ShellServerBundle;
      evaluations += 1;
      return bundle.createRenderer({
        name: `shell_server_${evaluations}`,
        loadContainer: (remote) => container(version, remote),
      });
    });
  }

  function fallback(reason: SsrFallbackReason, request: SsrRequest, error: unknown): null {
    stats.fallback[reason] += 1;
    log.warn(
      { ssr: reason, url: request.url, shell: request.shellVersion, landers: request.landersVersion, err: error },
      'server rendering failed: the page is rendered by the browser',
    );
    return null;
  }

  return {
    stats: (): SsrStats => structuredClone(stats),
    /** The page rendered on the server, or null: the caller serves the page for client rendering. */
    async render(request: SsrRequest): Promise<SsrResult | null> {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.budgetMs);
      const budget = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(new Error('server render budget exceeded')), {
          once: true,
        });
      });
      try {
        const work = (async () => {
          const renderer = await shell(request.shellVersion);
          return renderer.render({
            url: request.url,
            siteData: request.siteData,
            remotes: [{ name: 'mf_landers', version: request.landersVersion }],
            fetch: request.fetch,
            signal: controller.signal,
          });
        })();
        work.catch(() => undefined);
        // A render that never settles (a hung remote) still answers within the budget.
        const result = await Promise.race([work, budget]);
        stats.rendered += 1;
        if (result.kind === 'redirect') return result;
        const { styles, ...page } = result;
        return { ...page, css: await stylesOf(styles, request.landersVersion) };
      } catch (error) {
        if (error instanceof MissingBundle || /has no server bundle/.test(String((error as Error)?.message)))
          return fallback('missing', request, (error as Error).message);
        return fallback(timedOut ? 'timeout' : 'error', request, error);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
export type ServerRenderer = ReturnType<typeof createServerRenderer>;

// The shell's server bundle (dist/server/render.js, docs/adr/0030-server-rendered-landers.md): the federation host
// on the server. The api evaluates it once per shell version and calls `createRenderer`; each render loads the
// server container of the page's remote (mf-landers, mf-account; none for the shell's own static pages) in the
// version the visitor is assigned and renders the shell's layout and that page with React's streaming renderer.
import { createInstance } from '@module-federation/enhanced/runtime';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import {
  api,
  coreApi,
  createI18n,
  makeStore,
  registerErrorsNamespace,
  type AppStore,
  type Locale,
  type ServerHydration,
  type SiteData,
} from '@dating/shared';
import { remoteId, type RemoteComponent, type RemoteId, type RemoteTarget } from '@dating/shared/remotes';
import { injectedShellSlice } from '../app/shell-slice';
import { ShellProviders } from '../app/shell-app';
import '../i18n/setup';
import type { RemoteLoader } from '../remotes/remote-loader';
import { buildRoutes } from '../routes/build-routes';
import { ROUTE_TABLE } from '../routes/route-table';

registerErrorsNamespace();

declare const __SHARED_VERSIONS__: Record<string, string>;

/* eslint-disable @typescript-eslint/no-require-imports -- the modules as their own exports object, for the share scope */
const PROVIDED: Record<string, () => unknown> = {
  react: () => require('react'),
  'react/jsx-runtime': () => require('react/jsx-runtime'),
  'react-dom': () => require('react-dom'),
  'react-router': () => require('react-router'),
  'react-router-dom': () => require('react-router-dom'),
  'react-redux': () => require('react-redux'),
  'react-i18next': () => require('react-i18next'),
  '@dating/shared': () => require('@dating/shared'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

function versionOf(key: string): string {
  return __SHARED_VERSIONS__[key] ?? __SHARED_VERSIONS__[`${key.split('/')[0]}/`] ?? '0.0.0';
}

/** A remote's server container as the api hands it over (the version's `server/remoteEntry.js`). */
export interface ServerRemote {
  /** Federation name, e.g. `mf_landers`. */
  name: string;
  version: string;
}

export interface RenderInput {
  /** Absolute URL of the page (the site's origin, path and query). */
  url: string;
  siteData: SiteData;
  /** The server containers of the versions this visitor is assigned. */
  remotes: ServerRemote[];
  /** Answers the page's api requests (the api, in process, with the visitor's cookies). */
  fetch(request: Request): Promise<Response>;
  /** Aborts the render when it fires (the api's time budget). */
  signal: AbortSignal;
}

export type RenderOutput =
  | {
      kind: 'page';
      status: number;
      /** The markup of `#root`. */
      html: string;
      /** What the browser needs to hydrate the same tree (inlined in the page's site-data). */
      hydration: ServerHydration;
      /** Per remote, the chunks whose CSS files the page links in its head (the remote's `./ServerInfo`). */
      styles: { remote: string; chunks: string[] }[];
    }
  /** The route redirects (an access rule): the browser's router does it, as without server rendering. */
  | { kind: 'redirect' };

export interface RendererOptions {
  /**
   * The federation host's name, unique per evaluation of this bundle: the runtime keeps shared modules per host
   * name for the whole process, and another shell version's singletons must not be picked.
   */
  name: string;
  /** Loads and evaluates a remote's server container (`{ get, init }`) for the federation runtime. */
  loadContainer(remote: ServerRemote): Promise<unknown>;
}

/** A route error as the browser's router reads it back (`isRouteErrorResponse` holds for the plain object). */
function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) {
      out[id] = {
        status: error.status,
        statusText: error.statusText,
        internal: false,
        data: error.data ?? null,
      };
    } else {
      throw error instanceof Error ? error : new Error(String(error));
    }
  }
  return out;
}

const containerKey = (remote: ServerRemote) => `${remote.name}__${remote.version.replace(/[^\w]/g, '_')}`;

export function createRenderer({ name, loadContainer }: RendererOptions) {
  const remotesByKey = new Map<string, ServerRemote>();
  const instance = createInstance({
    name,
    remotes: [],
    shared: Object.fromEntries(
      Object.entries(PROVIDED).map(([key, lib]) => [
        key,
        { version: versionOf(key), lib, shareConfig: { singleton: true, requiredVersion: false as const } },
      ]),
    ),
    plugins: [
      {
        name: 'ssr-load-container',
        // Every version's container comes from the api (the version's own files), never over HTTP.
        async loadEntry({ remoteInfo }: { remoteInfo: { name: string } }) {
          const remote = remotesByKey.get(remoteInfo.name);
          if (!remote) throw new Error(`Unknown server remote ${remoteInfo.name}`);
          return loadContainer(remote) as never;
        },
      },
    ],
  });

  function serverLoader(
    remotes: ServerRemote[],
    failures: unknown[],
    keys: Map<string, string>,
  ): RemoteLoader {
    for (const remote of remotes) {
      const key = containerKey(remote);
      keys.set(remote.name, key);
      if (!remotesByKey.has(key)) {
        remotesByKey.set(key, remote);
        // The entry names this host too: the runtime caches loaded entries process-wide by name and entry.
        instance.registerRemotes([{ name: key, entry: `ssr:${name}/${key}`, entryGlobalName: key }]);
      }
    }
    const cache = new Map<string, Promise<RemoteComponent<RemoteId>>>();
    return {
      load<Id extends RemoteId>(target: RemoteTarget<Id>) {
        const key = keys.get(target.remote);
        const id = `${key}/${target.module}`;
        let pending = cache.get(id);
        if (!pending) {
          pending = (async () => {
            if (!key) throw new Error(`No server container for ${remoteId(target)}`);
            const module = await instance.loadRemote<{ default?: RemoteComponent<RemoteId> }>(id);
            if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
            return module.default;
          })();
          pending.catch((error: unknown) => failures.push(error));
          cache.set(id, pending);
        }
        return pending as Promise<RemoteComponent<Id>>;
      },
      reset: async () => undefined,
      preload: () => undefined,
    };
  }

  type ServerInfo = {
    styleChunks?(pathname: string, settings: SiteData['settings']): string[];
    landersNamespace?(locale: Locale): Promise<{ namespace: string; resources: Record<string, unknown> }>;
    /** This version's texts of every namespace its rendered pages read (mf-account's; landers name one above). */
    namespaces?(locale: Locale): Promise<{ namespace: string; resources: Record<string, unknown> }[]>;
  };
  const infos = new Map<string, Promise<ServerInfo | null>>();
  /** A container's `./ServerInfo` (null for a version built without it). */
  function serverInfo(key: string): Promise<ServerInfo | null> {
    let pending = infos.get(key);
    if (!pending) {
      pending = instance.loadRemote<ServerInfo>(`${key}/ServerInfo`).catch(() => null);
      infos.set(key, pending);
    }
    return pending;
  }

  /** One i18n instance per locale and set of remote versions: each version renders with its own texts. */
  const i18ns = new Map<string, ReturnType<typeof createI18n>>();
  function i18nFor(locale: Locale, keys: string[]) {
    const id = [locale, ...keys].join('|');
    let pending = i18ns.get(id);
    if (!pending) {
      pending = (async () => {
        const bundles = await Promise.all(
          keys.map(async (key) => {
            const info = await serverInfo(key);
            if (info?.namespaces) return info.namespaces(locale);
            const one = await info?.landersNamespace?.(locale);
            return one ? [one] : [];
          }),
        );
        const initial: Record<string, Record<string, never>> = {};
        for (const bundle of bundles.flat()) initial[bundle.namespace] = bundle.resources as never;
        return createI18n({ locale, namespaces: ['common'], initialResources: { [locale]: initial } });
      })();
      pending.catch(() => i18ns.delete(id));
      i18ns.set(id, pending);
    }
    return pending;
  }

  /** One pass of React's streaming renderer, collected once everything (Suspense included) is ready. */
  function renderPass(element: React.ReactElement, signal: AbortSignal, errors: unknown[]): Promise<string> {
    return new Promise((resolve, reject) => {
      let html = '';
      const sink = new PassThrough();
      sink.setEncoding('utf8');
      sink.on('data', (chunk: string) => {
        html += chunk;
      });
      sink.on('end', () => resolve(html));
      const onAbort = () => {
        stream.abort(new Error('server render budget exceeded'));
        reject(new Error('server render budget exceeded'));
      };
      const stream = renderToPipeableStream(element, {
        // Every boundary inline, however big: React otherwise sends a large one after a fallback and swaps it in
        // with an inline script, which the CSP refuses (and which a browser without JavaScript never runs).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          signal.removeEventListener('abort', onAbort);
          stream.pipe(sink);
        },
        onShellError(error) {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
        onError(error) {
          // Inside a Suspense boundary React would render its fallback and leave it to the browser: here any
          // error means the page is not what the visitor should see, so the api serves client rendering instead.
          errors.push(error);
        },
      });
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  async function render(input: RenderInput): Promise<RenderOutput> {
    const { siteData, signal } = input;
    void injectedShellSlice;
    // A render shares no data with another: its own store, filled only by its own requests (made as its visitor).
    // Nothing a render asked for is remembered for the next one (docs/adr/0030, "A render per request").
    const origin = new URL(input.url).origin;
    const store: AppStore = makeStore(undefined, { extra: { origin, fetch: input.fetch } });
    await store.dispatch(coreApi.util.upsertQueryData('getSettings', undefined, siteData.settings));
    await store.dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user: siteData.user }));
    const failures: unknown[] = [];
    const keys = new Map<string, string>();
    const loader = serverLoader(input.remotes, failures, keys);
    const routes = buildRoutes(loader, ROUTE_TABLE, {
      store,
      settings: () => siteData.settings,
      notFoundPath: siteData.status === 404 ? new URL(input.url).pathname : null,
      serverRendered: true,
    });
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(input.url, { signal }));
    if (context instanceof Response) return { kind: 'redirect' };
    if (failures.length) throw failures[0];
    const i18n = await i18nFor(siteData.locale, [...keys.values()]);
    const router = createStaticRouter(handler.dataRoutes, context);
    const element = (
      <ShellProviders store={store} i18n={i18n} loader={loader} country={siteData.country}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ShellProviders>
    );
    // Query hooks start their requests while rendering (server only, shared/src/api/api.ts): render, wait for
    // them, render again with the data, until a pass starts no new request.
    let html = '';
    for (let pass = 0; pass < 4; pass++) {
      const errors: unknown[] = [];
      html = await renderPass(element, signal, errors);
      if (errors.length) throw errors[0];
      if (failures.length) throw failures[0];
      const running = store.dispatch(api.util.getRunningQueriesThunk());
      if (running.length === 0) break;
      await Promise.all(running);
      if (signal.aborted) throw new Error('server render budget exceeded');
    }
    const queries = Object.values(store.getState().api.queries)
      .filter(
        (entry) =>
          entry?.status === 'fulfilled' &&
          entry.endpointName !== 'getSettings' &&
          entry.endpointName !== 'getUser',
      )
      .map((entry) => ({
        endpointName: entry!.endpointName ?? '',
        arg: entry!.originalArgs as unknown,
        value: entry!.data,
      }));
    const { pathname } = new URL(input.url);
    const styles = await Promise.all(
      [...keys].map(async ([remote, key]) => {
        const info = await serverInfo(key);
        return { remote, chunks: info?.styleChunks?.(pathname, siteData.settings) ?? [] };
      }),
    );
    return {
      kind: 'page',
      status: context.statusCode,
      styles,
      html,
      hydration: {
        queries,
        router: { loaderData: context.loaderData, actionData: null, errors: serializeErrors(context.errors) },
      },
    };
  }

  return { render };
}

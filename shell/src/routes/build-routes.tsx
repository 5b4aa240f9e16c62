import type { ComponentType } from 'react';
import { type RouteObject } from 'react-router-dom';
import { Spinner } from '@dating/shared';
import { reloadOnceForChunkError } from '../errors/chunk-reload';
import { NotFoundPage } from '../errors/not-found-page';
import { RouteErrorPage } from '../errors/route-error-page';
import { LanderLayout } from '../layouts/lander-layout';
import { memberBanners } from '../layouts/member-banners-chunk';
import type { RemoteLoader } from '../remotes/remote-loader';
import { RemoteModule, type LoadedRemote } from '../remotes/remote-module';
import { RootRoute } from './root-route';
import { telemetry } from '../telemetry/install';
import { accessLoader, type AccessSource } from './access';
import type { RouteHandle } from './route-handle';
import { isRemoteTarget, type LayoutName, type RouteDef } from './route-table';
import { landerLoader, type LanderRouteOptions } from './lander-loader';

export interface RouteOptions extends LanderRouteOptions {
  /** The store the access loaders read the session and settings from (docs/adr/0023). */
  store: AccessSource;
  /**
   * The page is (or will be) rendered on the server: every route's module is loaded by its `lazy`, so the first
   * render already shows the page, on the server and when the browser hydrates it (docs/adr/0030).
   */
  serverRendered?: boolean;
}

/** The layouts, in the order of their route objects. */
const LAYOUT_NAMES: readonly LayoutName[] = ['default', 'chat', 'lander', 'empty', 'staff'];

/**
 * The lander layout (every public entry page but `/login`) is part of the shell's first chunk. The others are loaded
 * with the first route that uses one (docs/adr/0016-first-load-budget.md): the default, empty and back-office
 * layouts in one chunk, and in the member chunk what only a member's pages need: the chat layout, the member
 * navigation (nav/member-nav.tsx) and the live channel with polling (session/member-session.tsx).
 */
const LAZY_LAYOUTS: Record<Exclude<LayoutName, 'lander'>, () => Promise<ComponentType>> = {
  default: () =>
    import(/* webpackChunkName: "layouts" */ '../layouts/default-layout').then((m) => m.DefaultLayout),
  empty: () => import(/* webpackChunkName: "layouts" */ '../layouts/empty-layout').then((m) => m.EmptyLayout),
  staff: () => import(/* webpackChunkName: "layouts" */ '../layouts/staff-layout').then((m) => m.StaffLayout),
  chat: () => import(/* webpackChunkName: "member" */ '../layouts/chat-layout').then((m) => m.ChatLayout),
};

/** Set at a member's start: the default layout's route then waits for the banners drawn above its pages. */
let memberAtStart = false;

/** A member's pages need both chunks and the banners above them: fetched at start, beside the store and the texts. */
export function preloadMemberChunks(): void {
  memberAtStart = true;
  LAZY_LAYOUTS.default().catch(() => undefined);
  LAZY_LAYOUTS.chat().catch(() => undefined);
  memberBanners().catch(() => undefined);
}

function layoutRoute(layout: LayoutName): Pick<RouteObject, 'Component' | 'lazy'> {
  if (layout === 'lander') return { Component: LanderLayout };
  const load = LAZY_LAYOUTS[layout];
  return {
    lazy: async () => {
      try {
        // A member's first page: the layout with its banners in one go (default-layout.tsx); a banner chunk that
        // fails leaves the layout to try again itself.
        const banners = memberAtStart && layout === 'default' ? memberBanners().catch(() => undefined) : null;
        const [Component] = await Promise.all([load(), banners]);
        return { Component };
      } catch (error) {
        // A chunk that does not load gets one reload of the page, as a remote's does (errors/chunk-reload.ts).
        if (reloadOnceForChunkError(error)) await never();
        throw error;
      }
    },
  };
}

function StartupSpinner() {
  return <Spinner block />;
}

function never(): Promise<never> {
  return new Promise(() => undefined);
}

function remoteRoute(def: RouteDef, loader: RemoteLoader, serverRendered = false): Pick<RouteObject, 'lazy'> {
  const target = def.target;
  if (!isRemoteTarget(target)) throw new Error('not a remote route');
  return {
    // The remote's entry is fetched only when one of its routes is visited. The router calls `lazy` alongside the
    // route's loader, also when the loader redirects: visitors on members-only routes and members on `/` are
    // redirected, and `/:token` may turn out a 404, so for those the module loads on first render instead.
    lazy: async () => {
      let initial: LoadedRemote | undefined;
      if (serverRendered || (def.access !== 'home' && def.access !== 'member' && def.path !== '/:token')) {
        try {
          initial = { component: await loader.load(target) };
        } catch (error) {
          telemetry()?.loadFailure(target.remote.replace(/_/g, '-'), error);
          if (reloadOnceForChunkError(error)) await never();
          initial = { error };
        }
      }
      const Component = () => (
        <RemoteModule target={target} initial={initial} props={def.props ? { ...def.props } : undefined} />
      );
      return { Component };
    },
  };
}

function shellRoute(def: RouteDef): Pick<RouteObject, 'lazy' | 'Component' | 'loader'> {
  const target = def.target;
  if (isRemoteTarget(target)) throw new Error('not a shell route');
  if (target.page === 'not-found') return { Component: NotFoundPage };
  const name = target.name;
  return {
    lazy: async () => {
      const { StaticPage } = await import(/* webpackChunkName: "static-pages" */ '../pages/static-page');
      return { Component: () => <StaticPage name={name} /> };
    },
  };
}

function childRoute(def: RouteDef, loader: RemoteLoader, options: RouteOptions): RouteObject {
  const handle: RouteHandle = {
    name: def.name,
    layout: def.layout,
    path: def.path,
    app: isRemoteTarget(def.target) ? def.target.remote.replace(/_/g, '-') : 'shell',
  };
  const base = isRemoteTarget(def.target)
    ? remoteRoute(def, loader, options.serverRendered)
    : shellRoute(def);
  const common: Pick<RouteObject, 'lazy' | 'Component' | 'loader' | 'handle' | 'errorElement'> = {
    ...base,
    handle,
    errorElement: <RouteErrorPage />,
  };
  // The route's access rule runs before the page renders (docs/adr/0023); `any` needs no loader.
  if (def.access !== 'any') common.loader = accessLoader(def.access, options.store);
  // Landers whose variant, slug or member does not exist are the 404 page, as the server answers (shared rule).
  else if (isRemoteTarget(def.target) && def.target.module === 'LanderPage')
    common.loader = landerLoader(options);
  if (def.path === '/') return { ...common, index: true };
  return { ...common, path: def.path };
}

/** The router's route objects: one pathless route per layout holding that layout's routes (docs/product/routes-and-layouts.md). */
export function buildRoutes(
  loader: RemoteLoader,
  table: readonly RouteDef[],
  options: RouteOptions,
): RouteObject[] {
  const layouts = LAYOUT_NAMES.map((layout): RouteObject => ({
    id: `layout-${layout}`,
    ...layoutRoute(layout),
    children: table.filter((def) => def.layout === layout).map((def) => childRoute(def, loader, options)),
  }));
  return [
    {
      id: 'root',
      path: '/',
      Component: RootRoute,
      // Shown while the first route's lazy module or loader resolves (no server rendering here).
      HydrateFallback: StartupSpinner,
      errorElement: <RouteErrorPage root />,
      children: layouts,
    },
  ];
}

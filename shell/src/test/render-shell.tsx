// fetch-edge first: it installs the web globals react-router needs at import time.
import { installFetch, type Handler } from './fetch-edge';
import { act, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { createI18n, type Settings, type User } from '@dating/shared';
import { createShellStore } from '../app/create-shell-store';
import { ShellApp } from '../app/shell-app';
import type { PageLive } from '../app/site-context';
import type { ComponentType } from 'react';
import type { RemoteComponent, RemoteId } from '@dating/shared/remotes';
import type { RemoteLoader, RemoteName, RemoteTarget } from '../remotes/remote-loader';
import { buildRoutes } from '../routes/build-routes';
import { ROUTE_TABLE } from '../routes/route-table';
import en from '../locales/en.json';
import enMember from '../locales/member/en.json';
import enPages from '../locales/pages/en.json';
import { chatsFixture, likesFixture, settingsFixture } from './fixtures';

// jsdom has no scrolling; the router's ScrollRestoration calls it.
window.scrollTo = () => undefined;

/** A remote page that says which module it is, and where it is. */
export function fakePage(id: string): ComponentType {
  return function FakePage() {
    return <div data-testid="remote-page">{id}</div>;
  };
}

/** Test stand-ins for exposed modules, each typed by its contract. */
export type TestModules = { [Id in RemoteId]?: RemoteComponent<Id> };

/**
 * Stands in for the federation runtime: modules by `remote/Module` id; a remote listed in `down` fails to load
 * until it is brought back with `bringUp`.
 */
export function createTestLoader(modules: TestModules = {}) {
  const down = new Set<RemoteName>();
  const loads: string[] = [];
  const preloads: string[] = [];
  const resets: RemoteName[] = [];
  const loader: RemoteLoader = {
    async load<Id extends RemoteId>(target: RemoteTarget<Id>) {
      const id = `${target.remote}/${target.module}` as Id;
      loads.push(id);
      if (down.has(target.remote)) throw new Error(`Failed to fetch remote ${target.remote}`);
      return (modules[id] ?? fakePage(id)) as RemoteComponent<Id>;
    },
    async reset(remote) {
      resets.push(remote);
    },
    preload(target) {
      preloads.push(`${target.remote}/${target.module}`);
    },
  };
  return {
    loader,
    loads,
    preloads,
    resets,
    takeDown: (remote: RemoteName) => down.add(remote),
    bringUp: (remote: RemoteName) => down.delete(remote),
  };
}

export interface RenderShellOptions {
  path?: string;
  user?: User | false;
  settings?: Partial<Settings>;
  country?: string | null;
  /** Where the live log of the member who loaded the page stood then (site-data's `liveFrom`, with that member). */
  live?: PageLive;
  modules?: TestModules;
  routes?: Record<string, unknown | Handler>;
  unread?: number[];
  newLikes?: number;
}

/** The whole shell (real store, routes, layouts, i18n with the en catalogue) on a memory router. */
export async function renderShell(options: RenderShellOptions = {}) {
  const user = options.user ?? false;
  const settings = settingsFixture(options.settings);
  const edge = installFetch({
    '/api/user.php': { user },
    '/api/settings.php': settings,
    '/api/chats.php': chatsFixture(options.unread ?? []),
    '/api/likes.php': likesFixture(options.newLikes ?? 0),
    '/api/companyinfo.php': {
      name: 'Example Media B.V.',
      address: 'Keizersgracht 1',
      kvk: '12345678',
      city: 'Amsterdam',
      country: 'NL',
      tradenames: [],
      vat_numbers: [],
      support_phone: '+31 20 765 4321',
      delete_discount: 0,
      added: '2020-01-01T00:00:00Z',
    },
    ...options.routes,
  });
  const store = await createShellStore({ settings, user });
  const i18n = await createI18n({
    locale: 'en',
    initialResources: { en: { common: en, 'shell-member': enMember, 'shell-pages': enPages } },
  });
  const remotes = createTestLoader(options.modules);
  const router = createMemoryRouter(buildRoutes(remotes.loader, ROUTE_TABLE, { store }), {
    initialEntries: [options.path ?? '/'],
  });
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <ShellApp
        store={store}
        i18n={i18n}
        loader={remotes.loader}
        router={router as never}
        country={options.country ?? 'NL'}
        live={options.live ?? null}
      />,
    );
    // A route with a loader (an access rule) finishes the router's first navigation some microtasks later: wait
    // for it inside act, so the first page renders here also under fake timers (React's act flushes its work
    // with setImmediate, which fake timers would hold back).
    for (let i = 0; i < 1000 && !router.state.initialized; i += 1) await Promise.resolve();
  });
  return { ...view, store, router, edge, remotes, i18n };
}

import type { i18n as I18n } from 'i18next';
import { Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { Spinner, type AppStore } from '@dating/shared';
import { RemoteLoaderContext } from '../remotes/remote-context';
import type { RemoteLoader } from '../remotes/remote-loader';
import { revalidateOnSessionChange } from '../routes/access';
import { SiteContext, type PageLive } from './site-context';

export interface ShellAppProps {
  store: AppStore;
  i18n: I18n;
  loader: RemoteLoader;
  router: ReturnType<typeof createBrowserRouter>;
  country: string | null;
  /** A member's page: where their live log stood when it was made (the browser only; no server render has one). */
  live?: PageLive | null;
}

/**
 * The providers around the router: the same tree in the browser, in tests and on the server (where the router is
 * react-router's static one), so a server-rendered page hydrates without a difference (docs/adr/0030).
 */
export function ShellProviders({
  store,
  i18n,
  loader,
  country,
  live = null,
  children,
}: Omit<ShellAppProps, 'router'> & { children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <SiteContext.Provider value={{ country, live }}>
          <RemoteLoaderContext.Provider value={loader}>
            <Suspense fallback={<Spinner block />}>{children}</Suspense>
          </RemoteLoaderContext.Provider>
        </SiteContext.Provider>
      </I18nextProvider>
    </Provider>
  );
}

/** Providers around the router; the same tree in the browser and in tests (with a memory router). */
export function ShellApp({ store, i18n, loader, router, country, live }: ShellAppProps) {
  // The routes' access rules run again when the session changes (docs/adr/0023).
  useEffect(() => revalidateOnSessionChange(store, router), [store, router]);
  return (
    <ShellProviders store={store} i18n={i18n} loader={loader} country={country} live={live}>
      <RouterProvider router={router} />
    </ShellProviders>
  );
}

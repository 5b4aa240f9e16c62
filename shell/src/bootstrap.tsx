import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { coreApi, registerErrorsNamespace, type Locale } from '@dating/shared';
import { createShellStore } from './app/create-shell-store';
import { ShellApp } from './app/shell-app';
import { fetchSiteData, readSiteData } from './app/site-data';
import { readLocaleCookie, resolveInitialLocale, slugLocaleOf, writeLocaleCookie } from './i18n/locale';
import { createShellI18n } from './i18n/setup';
import { followPageLocale } from './i18n/page-locale';
import { installTelemetry } from './telemetry/install';
import { registerServiceWorker } from './pwa/service-worker';
import { preloadOnIdle } from './remotes/idle-preload';
import { createFederationLoader } from './remotes/remote-loader';
import { yieldToMain } from './lib/yield-to-main';
import { buildRoutes, preloadMemberChunks } from './routes/build-routes';
import { ROUTE_TABLE } from './routes/route-table';
import './styles/main.scss';

registerErrorsNamespace();

export async function start(): Promise<void> {
  const siteData = readSiteData() ?? (await fetchSiteData());

  // Errors, remote-load failures and Web Vitals per remote version, for the canary guard (docs/adr/0032).
  installTelemetry(siteData.remotes, siteData.telemetry);
  // Remotes come from the registry the server inlined; nothing is fetched until a route needs it.
  registerRemotes(siteData.remotes.map(({ name, entry }) => ({ name, entry })));
  const loader = createFederationLoader({ loadRemote, registerRemotes }, siteData.remotes);

  const stored = {
    cookie: readLocaleCookie(),
    domainLanguage: siteData.settings.domain_language,
    serverLocale: siteData.locale,
  };
  const { locale, save } = resolveInitialLocale({
    pageLocale: slugLocaleOf(window.location.pathname, siteData.settings),
    ...stored,
  });
  if (save) writeLocaleCookie(locale);
  // The language of the pages without a slug, which the router goes back to after a slug lander.
  const homeLocale = resolveInitialLocale(stored).locale;

  // `#root` holds the server's rendering of this page (docs/adr/0030): hydrate it with the state it was rendered
  // with, in the locale it was rendered in.
  const ssr = siteData.ssr && locale === siteData.locale ? siteData.ssr : undefined;
  if (siteData.user) preloadMemberChunks();
  // Each step below ends its task (yieldToMain), so a slow phone stays responsive while the shell starts.
  await yieldToMain();
  const [store, i18n] = await Promise.all([createShellStore(siteData), createShellI18n(locale as Locale)]);
  await yieldToMain();
  if (ssr) store.dispatch(coreApi.util.upsertQueryEntries(ssr.queries as never));
  const routes = buildRoutes(loader, ROUTE_TABLE, {
    store,
    settings: () => siteData.settings,
    notFoundPath: siteData.status === 404 ? window.location.pathname : null,
    serverRendered: Boolean(ssr),
  });
  if (ssr) await resolveLazyRoutes(routes);
  await yieldToMain();
  const router = createBrowserRouter(routes, ssr ? { hydrationData: ssr.router } : undefined);
  followPageLocale(router, i18n, siteData.settings, homeLocale);
  await yieldToMain();

  const container =
    document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  const live =
    siteData.user && siteData.liveFrom
      ? { from: siteData.liveFrom, memberId: siteData.user.profile.id }
      : null;
  const app = (
    <ShellApp
      store={store}
      i18n={i18n}
      loader={loader}
      router={router}
      country={siteData.country}
      live={live}
    />
  );
  if (ssr) hydrateRoot(container, app);
  else createRoot(container).render(app);
  registerServiceWorker(i18n);

  if (siteData.user) {
    preloadOnIdle(loader, [
      { remote: 'mf_members', module: 'MembersPage' },
      { remote: 'mf_chat', module: 'ChatsPage' },
    ]);
  }
}

/**
 * The matched routes' modules, loaded before the router starts: a router that still has to load them renders its
 * start-up fallback first, which is not what the server rendered.
 */
async function resolveLazyRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { registerErrorsNamespace, type Locale } from '@dating/shared';
import { createShellStore } from './app/create-shell-store';
import { ShellApp } from './app/shell-app';
import { fetchSiteData, readSiteData } from './app/site-data';
import { readLocaleCookie, resolveInitialLocale, writeLocaleCookie } from './i18n/locale';
import { createShellI18n } from './i18n/setup';
import { installTelemetry } from './telemetry/install';
import { registerServiceWorker } from './pwa/service-worker';
import { preloadOnIdle } from './remotes/idle-preload';
import { createFederationLoader } from './remotes/remote-loader';
import { buildRoutes } from './routes/build-routes';
import { ROUTE_TABLE } from './routes/route-table';
import './styles/main.scss';

registerErrorsNamespace();

export async function start(): Promise<void> {
  const siteData = readSiteData() ?? (await fetchSiteData());

  // Errors, remote-load failures and Web Vitals per remote version, for the canary guard (issue 31).
  installTelemetry(siteData.remotes);
  // Remotes come from the registry the server inlined; nothing is fetched until a route needs it.
  registerRemotes(siteData.remotes.map(({ name, entry }) => ({ name, entry })));
  const loader = createFederationLoader({ loadRemote, registerRemotes }, siteData.remotes);

  const { locale, save } = resolveInitialLocale({
    cookie: readLocaleCookie(),
    domainLanguage: siteData.settings.domain_language,
    serverLocale: siteData.locale,
  });
  if (save) writeLocaleCookie(locale);

  const [store, i18n] = await Promise.all([createShellStore(siteData), createShellI18n(locale as Locale)]);
  const router = createBrowserRouter(
    buildRoutes(loader, ROUTE_TABLE, {
      store,
      settings: () => siteData.settings,
      notFoundPath: siteData.status === 404 ? window.location.pathname : null,
    }),
  );

  const container =
    document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(container).render(
    <ShellApp store={store} i18n={i18n} loader={loader} router={router} country={siteData.country} />,
  );
  registerServiceWorker(i18n);

  if (siteData.user) {
    preloadOnIdle(loader, [
      { remote: 'mf_members', module: 'MembersPage' },
      { remote: 'mf_chat', module: 'ChatsPage' },
    ]);
  }
}

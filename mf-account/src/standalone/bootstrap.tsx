import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { coreApi, createI18n, isLocale, makeStore } from '@dating/shared';
import { registerAccountNamespace } from '../lib/i18n';
import './standalone.scss';

const pages = {
  '/login': lazy(() => import('../routes/login-page')),
  '/signup': lazy(() => import('../routes/signup-page')),
  '/signup-matches': lazy(() => import('../routes/signup-page')),
  '/complete-signup': lazy(() => import('../routes/complete-signup-page')),
  '/reset-password': lazy(() => import('../routes/reset-password-page')),
  '/reset-password/do': lazy(() => import('../routes/reset-password-do-page')),
  '/activate/done': lazy(() => import('../routes/activate-page')),
  '/activate/error': lazy(() => import('../routes/activate-page')),
  '/mail-change/do': lazy(() => import('../routes/mail-change-page')),
  '/account-deleted': lazy(() => import('../routes/account-deleted-page')),
  '/profile': lazy(() => import('../routes/profile-settings-page')),
  '/notifications': lazy(() => import('../routes/notifications-page')),
  '/lang-config': lazy(() => import('../routes/lang-config-page')),
  '/complaints': lazy(() => import('../routes/complaints-page')),
};

/** The team's own page list, so every route of this remote can be opened without the shell. */
function Index() {
  return (
    <nav className="container py-3">
      <ul>
        {Object.keys(pages).map((path) => (
          <li key={path}>
            <Link to={path}>{path}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

async function start() {
  registerAccountNamespace();
  const queryLocale = new URLSearchParams(window.location.search).get('lng');
  const locale = isLocale(queryLocale) ? queryLocale : 'nl';
  const store = makeStore();
  // Against the dev api (proxied /api): session and settings, as the shell would prime them.
  void store.dispatch(coreApi.endpoints.getUser.initiate());
  void store.dispatch(coreApi.endpoints.getSettings.initiate());
  const i18n = await createI18n({ locale, namespaces: ['account'] });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <BrowserRouter>
            <Suspense fallback={<div className="container py-3">…</div>}>
              <Routes>
                <Route path="/" element={<Index />} />
                {Object.entries(pages).map(([path, Page]) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
              </Routes>
            </Suspense>
          </BrowserRouter>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

void start();

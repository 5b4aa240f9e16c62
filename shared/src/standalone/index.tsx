// A remote alone, for its team's development (`npm run dev -w @dating/mf-x`): its own store, i18n and router,
// without the shell. Imported by standalone entries only; no deployed bundle includes it.
import { StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter, Routes } from 'react-router-dom';
import { DEFAULT_LOCALE, isLocale } from '../contract';
import { createI18n } from '../i18n/i18n';
import { makeStore } from '../store/make-store';

/** Renders `routes` (a set of `<Route>`s) into `#root`; `?lng=en` picks the locale. */
export async function renderStandalone(namespace: string, routes: ReactNode): Promise<void> {
  const store = makeStore();
  const requested = new URLSearchParams(window.location.search).get('lng');
  const i18n = await createI18n({
    locale: isLocale(requested) ? requested : DEFAULT_LOCALE,
    namespaces: [namespace],
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n} defaultNS={namespace}>
          <BrowserRouter>
            <Suspense fallback={null}>
              <Routes>{routes}</Routes>
            </Suspense>
          </BrowserRouter>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

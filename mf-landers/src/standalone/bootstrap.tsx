import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { DEFAULT_LOCALE, createI18n, isLocale, makeStore } from '@dating/shared';
import { NS } from '../lib/i18n';
import './standalone.scss';

const HomePage = lazy(() => import('../routes/home-page'));
const LanderPage = lazy(() => import('../routes/lander-page'));
const SwipeGamePage = lazy(() => import('../routes/swipe-game-page'));
const MatchFinderPage = lazy(() => import('../routes/match-finder-page'));

/** This remote alone, for its team's development (`npm run dev`): its own store, i18n and router. */
async function start() {
  const store = makeStore();
  const requested = new URLSearchParams(window.location.search).get('lng');
  const i18n = await createI18n({ locale: isLocale(requested) ? requested : DEFAULT_LOCALE, namespaces: [NS] });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n} defaultNS={NS}>
          <BrowserRouter>
            <Suspense fallback={null}>
              <Routes>
                <Route path="/" element={<HomePage />} />
                <Route path="/swipe-game" element={<SwipeGamePage />} />
                <Route path="/match-finder" element={<MatchFinderPage />} />
                <Route path="/landers/tinderswipe" element={<LanderPage />} />
                <Route path="/landers/:variant/:slug?" element={<LanderPage />} />
                <Route path="/members/:id/landing" element={<LanderPage />} />
                <Route path="/members/:id/landing2/:slug?" element={<LanderPage />} />
                <Route path="/members/:id/landing3/:slug?" element={<LanderPage />} />
                <Route path="/members/:id/signup" element={<LanderPage />} />
                <Route path="/:token" element={<LanderPage />} />
              </Routes>
            </Suspense>
          </BrowserRouter>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

void start();

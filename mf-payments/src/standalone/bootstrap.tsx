import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { DEFAULT_LOCALE, createI18n, isLocale, makeStore } from '@dating/shared';
import { NS } from '../lib/i18n';
import './standalone.scss';

const CreditsPage = lazy(() => import('../routes/credits-page'));
const CheckoutPage = lazy(() => import('../routes/checkout-page'));
const RepeatOrderPage = lazy(() => import('../routes/repeat-order-page'));
const PremiumPage = lazy(() => import('../routes/premium-page'));
const DirectDebitPage = lazy(() => import('../routes/direct-debit-page'));
const TransactionsPage = lazy(() => import('../routes/transactions-page'));

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
                <Route path="/" element={<CreditsPage />} />
                <Route path="/credits" element={<CreditsPage />} />
                <Route path="/credits/repeat-order" element={<RepeatOrderPage />} />
                <Route path="/credits/:id/:paymentmethod?" element={<CheckoutPage />} />
                <Route path="/premium" element={<PremiumPage />} />
                <Route path="/pricing" element={<PremiumPage />} />
                <Route path="/directdebit" element={<DirectDebitPage />} />
                <Route path="/transactions/:id?" element={<TransactionsPage />} />
              </Routes>
            </Suspense>
          </BrowserRouter>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

void start();

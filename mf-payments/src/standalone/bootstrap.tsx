import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { renderStandalone } from '@dating/shared/standalone';
import { NS } from '../lib/i18n';
import './standalone.scss';

const CreditsPage = lazy(() => import('../routes/credits-page'));
const CheckoutPage = lazy(() => import('../routes/checkout-page'));
const RepeatOrderPage = lazy(() => import('../routes/repeat-order-page'));
const PremiumPage = lazy(() => import('../routes/premium-page'));
const DirectDebitPage = lazy(() => import('../routes/direct-debit-page'));
const TransactionsPage = lazy(() => import('../routes/transactions-page'));

/** This remote alone, for its team's development (`npm run dev`). */
void renderStandalone(
  NS,
  <>
    <Route path="/" element={<CreditsPage />} />
    <Route path="/credits" element={<CreditsPage />} />
    <Route path="/credits/repeat-order" element={<RepeatOrderPage />} />
    <Route path="/credits/:id/:paymentmethod?" element={<CheckoutPage />} />
    <Route path="/premium" element={<PremiumPage />} />
    <Route path="/pricing" element={<PremiumPage />} />
    <Route path="/directdebit" element={<DirectDebitPage />} />
    <Route path="/transactions/:id?" element={<TransactionsPage />} />
  </>,
);

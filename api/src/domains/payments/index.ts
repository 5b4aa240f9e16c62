// The payments domain: credits and their ledger, credit packages, orders through a payment provider (the
// built-in test provider or Mollie), discount codes, repeat orders, direct debit with SMS codes, refunds.
import type { DomainModule } from '../../lib/domain-module';
import { devSignupAgeRoute } from './routes/dev-signup-age';
import { directDebitRoutes } from './routes/direct-debit';
import { discountCodeRoute } from './routes/discountcode';
import { orderRoute } from './routes/order';
import { packagesRoute } from './routes/packages';
import { paymentWebhookRoute } from './routes/payment-webhook';
import { repeatOrderRoute } from './routes/repeat-order';
import { smsOutboxRoutes } from './routes/sms-outbox';
import { testCheckoutRoutes } from './routes/test-checkout';
import { paymentJobs } from './jobs';
export { discountCodeRoute } from './routes/discountcode';
export { packagesRoute } from './routes/packages';
export { orderRoute } from './routes/order';
export { paymentWebhookRoute } from './routes/payment-webhook';
export { repeatOrderRoute } from './routes/repeat-order';
export { directDebitRoutes } from './routes/direct-debit';
export { testCheckoutRoutes } from './routes/test-checkout';
export { smsOutboxRoutes } from './routes/sms-outbox';
export { devSignupAgeRoute } from './routes/dev-signup-age';
export { paymentJobs } from './jobs';
export {
  createCreditsService,
  type CreditGrant,
  type CreditMove,
  type CreditsService,
  type GrantLedgerRow,
} from './credits';
export { CURRENCIES, createShopService, currencyFor, type ShopService } from './shop';
export { createPaymentsService, type PaymentsService } from './service';
export { paymentsConfig, paymentsConfigFromEnv, type PaymentsConfig } from './config';
export { ledgerOf, orderSummary, ordersOf, purchasesSince, type OrderSummaryRow } from './queries';

/** The payments' routes and jobs, for the composition root (api/src/app/routes.ts). */
export const paymentsDomain: DomainModule = {
  name: 'payments',
  routes: [
    packagesRoute,
    discountCodeRoute,
    orderRoute,
    paymentWebhookRoute,
    repeatOrderRoute,
    directDebitRoutes,
    paymentJobs,
  ],
  async after(app) {
    if (!app.config.production) await app.register(smsOutboxRoutes);
    if (!app.config.production) await app.register(devSignupAgeRoute);
    // The test provider's hosted page exists only while it is the configured provider (never beside Mollie).
    if (app.services.payments.provider?.name === 'test') await app.register(testCheckoutRoutes);
  },
};

// The payments domain: credits and their ledger, credit packages, orders through a payment provider (the
// built-in test provider or Mollie), discount codes, repeat orders, direct debit with SMS codes, refunds.
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

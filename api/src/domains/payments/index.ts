// The payments domain: credits and their ledger, credit packages, orders and discount codes.
export { discountCodeRoute } from './routes/discountcode';
export { packagesRoute } from './routes/packages';
export { createCreditsService, type CreditMove, type CreditsService } from './credits';
export { CURRENCIES, createShopService, currencyFor, type ShopService } from './shop';

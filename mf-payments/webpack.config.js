const { createConfig } = require('../tools/webpack/create-config');

// The exposed modules are the contract with the shell (docs/adr/0001-module-federation.md): keep these names backward compatible.
module.exports = createConfig({
  dir: __dirname,
  name: 'mf_payments',
  exposes: {
    './CreditsPage': './src/routes/credits-page.tsx',
    './CheckoutPage': './src/routes/checkout-page.tsx',
    './RepeatOrderPage': './src/routes/repeat-order-page.tsx',
    './PremiumPage': './src/routes/premium-page.tsx',
    './DirectDebitPage': './src/routes/direct-debit-page.tsx',
    './TransactionsPage': './src/routes/transactions-page.tsx',
  },
});

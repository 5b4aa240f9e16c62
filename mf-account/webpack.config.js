const { createConfig, createServerConfig } = require('../tools/webpack/create-config');

// The exposed modules are the contract with the shell (docs/adr/0001-module-federation.md): keep these names backward compatible.
const exposes = {
  './LoginPage': './src/routes/login-page.tsx',
  './SignupPage': './src/routes/signup-page.tsx',
  './CompleteSignupPage': './src/routes/complete-signup-page.tsx',
  './ResetPasswordPage': './src/routes/reset-password-page.tsx',
  './ResetPasswordDoPage': './src/routes/reset-password-do-page.tsx',
  './ActivatePage': './src/routes/activate-page.tsx',
  './MailChangePage': './src/routes/mail-change-page.tsx',
  './AccountDeletedPage': './src/routes/account-deleted-page.tsx',
  './ProfileSettingsPage': './src/routes/profile-settings-page.tsx',
  './NotificationsPage': './src/routes/notifications-page.tsx',
  './LangConfigPage': './src/routes/lang-config-page.tsx',
  './ComplaintsPage': './src/routes/complaints-page.tsx',
  './SignupForm': './src/components/signup-form.tsx',
};

const browser = createConfig({ dir: __dirname, name: 'mf_account', exposes });
// The server container the api renders `/login` and `/signup` with (docs/adr/0030, addendum "Login, signup and the
// static pages"): only the pages it renders, and `./ServerInfo` (their CSS chunks, this version's texts).
// `webpack serve` (npm run dev) serves the browser build only.
const server = createServerConfig({
  dir: __dirname,
  name: 'mf_account',
  exposes: {
    './LoginPage': exposes['./LoginPage'],
    './SignupPage': exposes['./SignupPage'],
    './ServerInfo': './src/routes/server-info.ts',
  },
});
module.exports = process.env.WEBPACK_SERVE ? browser : [browser, server];

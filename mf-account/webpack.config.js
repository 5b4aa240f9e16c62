const { createConfig } = require('../tools/webpack/create-config');

// The exposed modules are the contract with the shell (docs/adr/0001-module-federation.md): keep these names backward compatible.
module.exports = createConfig({
  dir: __dirname,
  name: 'mf_account',
  exposes: {
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
  },
});

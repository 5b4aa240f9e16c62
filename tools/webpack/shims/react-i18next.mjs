// Shared-scope facade of react-i18next (docs/adr/0016-first-load-budget.md): the hooks, the provider and the
// i18next plugin the apps use, without `Trans`/`IcuTrans` (and html-parse-stringify) and the SSR helpers, which no
// page uses. tools/webpack/shared-exports.test.ts fails when code imports a name that is missing.
// `react-i18next-impl` is an alias of react-i18next's own ESM build (shared-deps.js).
export {
  I18nContext,
  I18nextProvider,
  Translation,
  getI18n,
  initReactI18next,
  setI18n,
  useTranslation,
  withTranslation,
} from 'react-i18next-impl';

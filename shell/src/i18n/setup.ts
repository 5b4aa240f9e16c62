import { createI18n, registerNamespace, type Locale } from '@dating/shared';
import { setDocumentLang } from './locale';

// Each locale of the shell's `common` namespace is its own small chunk, loaded on demand. The folders beside it are
// namespaces of their own, loaded by the pages that read them (member/, pages/).
registerNamespace(
  'common',
  (locale) =>
    import(
      /* webpackChunkName: "locale-common-[request]", webpackExclude: /\/locales\/[^/]+\/[^/]+\.json$/ */ `../locales/${locale}.json`
    ),
);

export async function createShellI18n(locale: Locale) {
  const i18n = await createI18n({ locale, namespaces: ['common'] });
  setDocumentLang(locale);
  return i18n;
}

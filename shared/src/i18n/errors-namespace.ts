import { registerNamespace } from './i18n';

/**
 * The `errors` namespace (the docs/product/calls-and-errors.md catalogue the server also uses), one chunk per locale. The shell calls this
 * at start-up; a remote's standalone entry calls it too, so `ErrorAlert` has its fallback text.
 */
export function registerErrorsNamespace(): void {
  registerNamespace(
    'errors',
    (locale) => import(/* webpackChunkName: "locale-errors-[request]" */ `../locales/errors/${locale}.json`),
  );
}

import type { i18n as I18n } from 'i18next';
import type { Locale, Settings } from '@dating/shared';
import { readLocaleCookie, setDocumentLang, slugLocaleOf } from './locale';

/**
 * The language a page is shown in: a lander slug's for that page only, else the visitor's stored choice (the locale
 * cookie, which switching language and signing up write), else the start-up choice for pages without a slug.
 */
export function pageLocaleOf(
  pathname: string,
  settings: Pick<Settings, 'niche'>,
  homeLocale: Locale | null,
  cookie: Locale | null = readLocaleCookie(),
): Locale | null {
  return slugLocaleOf(pathname, settings) ?? cookie ?? homeLocale;
}

/**
 * Start-up sets the first page's language; this keeps each next page's right when the router moves on without a
 * page load, so the page after an English slug lander is in the visitor's own language again
 * (docs/product/sites-and-landers.md). A router subscription, not a hook: nothing of it renders.
 */
export function followPageLocale(
  router: { subscribe(listener: (state: { location: { pathname: string } }) => void): () => void },
  i18n: I18n,
  settings: Pick<Settings, 'niche'>,
  homeLocale: Locale | null,
): () => void {
  return router.subscribe(({ location }) => {
    const wanted = pageLocaleOf(location.pathname, settings, homeLocale);
    if (wanted && wanted !== i18n.language)
      void i18n.changeLanguage(wanted).then(() => setDocumentLang(wanted));
  });
}

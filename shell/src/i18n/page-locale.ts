import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isLocale, type Locale, type Settings } from '@dating/shared';
import { useHomeLocale } from '../app/site-context';
import { readLocaleCookie, setDocumentLang, slugLocaleOf } from './locale';

/**
 * The language a page is shown in: a lander slug's for that page only, else the visitor's stored choice (the locale
 * cookie, which switching language and signing up write), else the start-up choice. Start-up sets it for the first
 * page; this keeps it right when the router moves on without a page load, so the page after an English slug lander
 * is in the visitor's own language again (docs/product/sites-and-landers.md).
 */
export function pageLocaleOf(
  pathname: string,
  settings: Pick<Settings, 'niche'>,
  homeLocale: Locale | null,
  cookie: Locale | null = readLocaleCookie(),
): Locale | null {
  return slugLocaleOf(pathname, settings) ?? cookie ?? homeLocale;
}

export function usePageLocale(settings: Pick<Settings, 'niche'> | undefined): void {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const homeLocale = useHomeLocale();
  useEffect(() => {
    if (!settings) return;
    const wanted = pageLocaleOf(pathname, settings, homeLocale);
    if (!wanted || wanted === i18n.language || !isLocale(wanted)) return;
    void i18n.changeLanguage(wanted).then(() => setDocumentLang(wanted));
  }, [pathname, settings, homeLocale, i18n]);
}

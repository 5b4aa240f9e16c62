import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  LOCALES,
  matchLanderPath,
  VISIBLE_LOCALES_BY_COUNTRY,
  type Locale,
  type Settings,
} from '@dating/shared';

export function readLocaleCookie(cookie = document.cookie): Locale | null {
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`));
  const value = match ? decodeURIComponent(match[1]!) : null;
  return isLocale(value) ? value : null;
}

export function writeLocaleCookie(locale: Locale): void {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** The page's `lang` attribute for a locale (Dutch as nl-NL, the others as their code). */
export function setDocumentLang(locale: Locale): void {
  document.documentElement.lang = locale === 'nl' ? 'nl-NL' : locale;
}

/**
 * The locale to start with: a lander slug's language for that page only (never saved, so the next page is in the
 * stored choice again); else the cookie; else (docs/product/sites-and-landers.md) the site's domain_language when its first two letters are
 * a supported locale, which is then saved; else what the server chose; else nl.
 */
export function resolveInitialLocale(input: {
  /** The language the page's own address names (a lander slug such as `general-eng`), else null. */
  pageLocale?: Locale | null;
  cookie: Locale | null;
  domainLanguage: string | null | undefined;
  serverLocale: string | null | undefined;
}): { locale: Locale; save: boolean } {
  if (input.pageLocale) return { locale: input.pageLocale, save: false };
  if (input.cookie) return { locale: input.cookie, save: false };
  const fromDomain = (input.domainLanguage ?? '').slice(0, 2).toLowerCase();
  if (isLocale(fromDomain)) return { locale: fromDomain, save: true };
  if (isLocale(input.serverLocale)) return { locale: input.serverLocale, save: false };
  return { locale: DEFAULT_LOCALE, save: false };
}

/** Locales offered in the language dropdown for the visitor's country (docs/product/constants.md); all of them when unknown. */
/** The locale a lander's slug names (`/landers/gallery/general-eng` is English), as the server reads it; else null. */
export function slugLocaleOf(pathname: string, settings: Pick<Settings, 'niche'>): Locale | null {
  const match = matchLanderPath(pathname, settings);
  return match && match !== 'not-found' ? (match.slug?.locale ?? null) : null;
}

export function visibleLocales(country: string | null | undefined, current: Locale): Locale[] {
  const forCountry = country ? VISIBLE_LOCALES_BY_COUNTRY[country.toUpperCase()] : undefined;
  const list = (forCountry ?? LOCALES).filter(isLocale);
  return list.includes(current) ? list : [current, ...list];
}

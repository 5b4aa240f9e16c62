import {
  DEFAULT_LOCALE,
  LOCALES,
  isLocale,
  type ErrorCode,
  type Locale,
} from '@dating/shared/contract/index';
import da from '@dating/shared/locales/errors/da.json';
import de from '@dating/shared/locales/errors/de.json';
import en from '@dating/shared/locales/errors/en.json';
import es from '@dating/shared/locales/errors/es.json';
import fi from '@dating/shared/locales/errors/fi.json';
import fr from '@dating/shared/locales/errors/fr.json';
import it from '@dating/shared/locales/errors/it.json';
import nb from '@dating/shared/locales/errors/nb.json';
import nl from '@dating/shared/locales/errors/nl.json';
import pl from '@dating/shared/locales/errors/pl.json';
import sv from '@dating/shared/locales/errors/sv.json';

const catalogues: Record<Locale, Record<string, string>> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };

/** Single-brace interpolation, the catalogue format shared with the browser. */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, key: string) => (key in params ? String(params[key]) : m));
}

export function translateError(
  locale: Locale,
  code: ErrorCode,
  params?: Record<string, string | number>,
): string {
  const text = catalogues[locale][code] ?? catalogues[DEFAULT_LOCALE][code] ?? catalogues[locale].generic!;
  return interpolate(text, params);
}

/** Best supported locale from an Accept-Language header, or null. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] ?? '';
    const mapped = base === 'no' || base === 'nn' ? 'nb' : base;
    if (isLocale(mapped)) return mapped;
  }
  return null;
}

/** docs/product/sites-and-landers.md: the first two letters of domain_language when supported, else nl. */
export function localeFromDomainLanguage(domainLanguage: string): Locale {
  const two = domainLanguage.slice(0, 2).toLowerCase();
  return isLocale(two) ? two : DEFAULT_LOCALE;
}

export { LOCALES };

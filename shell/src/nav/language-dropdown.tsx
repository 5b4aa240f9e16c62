import { useTranslation } from 'react-i18next';
import { Dropdown, isLocale, type Locale } from '@dating/shared';
import { useSwitchLocale } from '../i18n/use-switch-locale';
import { visibleLocales } from '../i18n/locale';
import { useSiteCountry } from '../app/site-context';
import { Icon } from './icons';

/** Each language by its own name (an endonym is the same in every UI language). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

/** Languages offered for the visitor's country (docs/product/constants.md), each named in its own language. */
export function LanguageDropdown({ className = 'btn btn-link nav-link px-2' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const country = useSiteCountry();
  const switchLocale = useSwitchLocale();
  const current: Locale = isLocale(i18n.language) ? i18n.language : 'nl';
  const locales = visibleLocales(country, current);
  if (locales.length < 2) return null;
  return (
    <Dropdown
      toggleClassName={className}
      // Named "Language nl": the visible code is part of the name (WCAG 2.5.3 label in name).
      label={
        <>
          <Icon name="globe" size={18} /> <span className="visually-hidden">{t('nav.language')}</span>{' '}
          <span className="text-uppercase small">{current}</span>
        </>
      }
    >
      {(close) =>
        locales.map((locale) => (
          <li key={locale}>
            <button
              type="button"
              lang={locale}
              className={`dropdown-item ${locale === current ? 'active' : ''}`}
              aria-current={locale === current}
              onClick={() => {
                close();
                void switchLocale(locale);
              }}
            >
              {LANGUAGE_NAMES[locale]}
            </button>
          </li>
        ))
      }
    </Dropdown>
  );
}

import { useState, type FormEvent } from 'react';
import {
  LOCALES,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  isLocale,
  useUpdateLanguageMutation,
  type Locale,
  useCurrentUser,
} from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useErrorTexts } from '../../../lib/errors';
import { useAccountTranslation } from '../../../lib/i18n';

function nativeName(locale: Locale): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

/** Switches the site language; for a logged-in member it is saved on the account too (docs/product/sites-and-landers.md). */
export function LanguagePicker({ idPrefix = 'language' }: { idPrefix?: string }) {
  const { t, i18n } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const user = useCurrentUser();
  const [save, { isLoading, error }] = useUpdateLanguageMutation();
  const current = isLocale(i18n.language) ? i18n.language : 'nl';
  const [choice, setChoice] = useState<Locale>(current);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (user) {
      const result = await save({ language: choice });
      if ('error' in result) return;
    }
    document.cookie = `${LOCALE_COOKIE}=${choice}; max-age=${LOCALE_COOKIE_DAYS * 86_400}; path=/; SameSite=Lax`;
    document.documentElement.lang = choice;
    await i18n.changeLanguage(choice);
    setSaved(true);
  }

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('language.label')}</legend>
        {LOCALES.map((locale) => (
          <div className="form-check" key={locale}>
            <input
              className="form-check-input"
              type="radio"
              name={`${idPrefix}-choice`}
              id={`${idPrefix}-${locale}`}
              checked={choice === locale}
              onChange={() => setChoice(locale)}
            />
            <label className="form-check-label" htmlFor={`${idPrefix}-${locale}`} lang={locale}>
              {nativeName(locale)}
            </label>
          </div>
        ))}
      </fieldset>
      {error ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
      {saved ? <FormAlert kind="success">{t('language.saved')}</FormAlert> : null}
      <SubmitButton pending={isLoading} disabled={choice === current}>
        {t('language.save')}
      </SubmitButton>
    </form>
  );
}

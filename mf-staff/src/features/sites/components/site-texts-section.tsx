import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@dating/shared';
import type { StaffSiteTexts } from '@dating/shared/contract/staff';
import { NS } from '../../../lib/i18n';
import { SiteField, SiteTextInput, type SiteFormFields } from './site-field';

const TEXT_FIELDS = [
  'index_title',
  'description',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
] as const;

/** The site's title and description, and per locale the texts that replace them and the fictional profiles' words. */
export function TextsSection({
  form,
  locale,
  onLocale,
  setText,
}: {
  form: SiteFormFields;
  locale: Locale;
  onLocale(locale: Locale): void;
  /** Sets a text of the chosen locale; an empty value removes it (the site's own text applies again). */
  setText(field: keyof StaffSiteTexts, value: string): void;
}) {
  const { t } = useTranslation(NS);
  const { draft, set } = form;
  return (
    <fieldset className="mb-3">
      <legend className="h5">{t('sites.texts')}</legend>
      <SiteTextInput form={form} name="index_title" label={t('sites.fields.index_title')} />
      <SiteField form={form} name="description" label={t('sites.fields.description')}>
        {(props) => (
          <textarea
            {...props}
            rows={2}
            className={`form-control ${props.className}`}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </SiteField>
      <div className="mb-2" style={{ maxWidth: '12rem' }}>
        <label htmlFor="site-texts-locale" className="form-label">
          {t('sites.textsLocale')}
        </label>
        <select
          id="site-texts-locale"
          className="form-select"
          value={locale}
          onChange={(e) => onLocale(e.target.value as Locale)}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <p className="form-text">{t('sites.textsHelp')}</p>
      {TEXT_FIELDS.map((name) => (
        <SiteField key={name} form={form} name={`texts.${locale}.${name}`} label={t(`sites.fields.${name}`)}>
          {(props) => (
            <input
              {...props}
              className={`form-control ${props.className}`}
              value={draft.texts[locale]?.[name] ?? ''}
              onChange={(e) => setText(name, e.target.value)}
            />
          )}
        </SiteField>
      ))}
    </fieldset>
  );
}

import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetRegionsQuery, useGetSettingsQuery, type Gender, type MembersQuery } from '@dating/shared';
import { useOptionLabels } from '@dating/shared/option-labels';
import { NS } from '../../../lib/i18n';
import { AGE_MAX, AGE_MIN } from '../../../lib/profile-options';
import styles from './search-form.module.scss';

interface SearchFormProps {
  query: MembersQuery;
  onSearch: (query: MembersQuery) => void;
  /** A member: offers "only members looking for someone like me" (`mutual`), on unless widened. */
  member?: boolean;
}

function ageOrUndefined(value: string): number | undefined {
  const age = Number(value);
  return value !== '' && Number.isFinite(age)
    ? Math.min(AGE_MAX, Math.max(AGE_MIN, Math.round(age)))
    : undefined;
}

/** The fields a site offers when its settings name none (the server's default). */
export const DEFAULT_SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'];

/** The search form with the fields the site's `search_fields` name, in the form's fixed order. */
export function SearchForm({ query, onSearch, member = false }: SearchFormProps) {
  const { t, i18n } = useTranslation(NS);
  const { label } = useOptionLabels();
  const { data: settings } = useGetSettingsQuery();
  const fields = settings?.search_fields?.length ? settings.search_fields : DEFAULT_SEARCH_FIELDS;
  const has = (field: string) => fields.includes(field);
  const { data: regions } = useGetRegionsQuery();
  const [gender, setGender] = useState<string>(query.gender ?? '');
  const [country, setCountry] = useState(query.country ?? '');
  const [region, setRegion] = useState(query.countryregion ?? '');
  const [minAge, setMinAge] = useState(query.min_age ? String(query.min_age) : '');
  const [maxAge, setMaxAge] = useState(query.max_age ? String(query.max_age) : '');
  const [mutual, setMutual] = useState(query.mutual !== false);

  const countryNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
    [i18n.language],
  );
  // Without a country field the regions are those of the visitor's country.
  const regionCountry = has('country') ? country : (settings?.geoip_selected_country ?? '');
  const countryRegions = useMemo(
    () => (regions?.regions ?? []).filter((item) => item.country === regionCountry),
    [regions, regionCountry],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch({
      gender: has('gender') ? ((gender || undefined) as Gender | undefined) : undefined,
      country: has('country') ? country || undefined : undefined,
      countryregion: has('countryregion') ? region || undefined : undefined,
      min_age: has('min_age') ? ageOrUndefined(minAge) : undefined,
      max_age: has('max_age') ? ageOrUndefined(maxAge) : undefined,
      ...(member ? { mutual } : {}),
      pageNumber: 1,
      numResults: query.numResults,
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('search.title')}>
      {has('gender') && (
        <label className={styles.field}>
          <span className="form-label">{t('search.gender')}</span>
          <select className="form-select" value={gender} onChange={(event) => setGender(event.target.value)}>
            <option value="">{t('search.any')}</option>
            <option value="female">{label('gender', 'female')}</option>
            <option value="male">{label('gender', 'male')}</option>
          </select>
        </label>
      )}
      {has('country') && (
        <label className={styles.field}>
          <span className="form-label">{t('search.country')}</span>
          <select
            className="form-select"
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
              setRegion('');
            }}
          >
            <option value="">{t('search.any')}</option>
            {(settings?.countries ?? []).map((code) => (
              <option key={code} value={code}>
                {countryNames.of(code) ?? code}
              </option>
            ))}
          </select>
        </label>
      )}
      {has('countryregion') && (
        <label className={styles.field}>
          <span className="form-label">{t('search.region')}</span>
          <select
            className="form-select"
            value={region}
            disabled={countryRegions.length === 0}
            onChange={(event) => setRegion(event.target.value)}
          >
            <option value="">{t('search.any')}</option>
            {countryRegions.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {(has('min_age') || has('max_age')) && (
        <div className={styles.ages}>
          {has('min_age') && <AgeField label={t('search.minAge')} value={minAge} onChange={setMinAge} />}
          {has('max_age') && <AgeField label={t('search.maxAge')} value={maxAge} onChange={setMaxAge} />}
        </div>
      )}
      {member && (
        <div className={`form-check ${styles.mutual}`}>
          <input
            id="search-mutual"
            className="form-check-input"
            type="checkbox"
            checked={mutual}
            onChange={(event) => setMutual(event.target.checked)}
          />
          <label className="form-check-label" htmlFor="search-mutual">
            {t('search.mutual')}
          </label>
        </div>
      )}
      <button type="submit" className={`btn btn-primary ${styles.submit}`}>
        {t('search.submit')}
      </button>
    </form>
  );
}

function AgeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className={styles.field}>
      <span className="form-label">{label}</span>
      <input
        className="form-control"
        type="number"
        inputMode="numeric"
        min={AGE_MIN}
        max={AGE_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

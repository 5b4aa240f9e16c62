import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetRegionsQuery, useGetSettingsQuery, type Gender, type MembersQuery } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { AGE_MAX, AGE_MIN } from '../../../lib/profile-options';
import styles from './search-form.module.scss';

interface SearchFormProps {
  query: MembersQuery;
  onSearch: (query: MembersQuery) => void;
}

function ageOrUndefined(value: string): number | undefined {
  const age = Number(value);
  return value !== '' && Number.isFinite(age)
    ? Math.min(AGE_MAX, Math.max(AGE_MIN, Math.round(age)))
    : undefined;
}

export function SearchForm({ query, onSearch }: SearchFormProps) {
  const { t, i18n } = useTranslation(NS);
  const { data: settings } = useGetSettingsQuery();
  const { data: regions } = useGetRegionsQuery();
  const [gender, setGender] = useState<string>(query.gender ?? '');
  const [country, setCountry] = useState(query.country ?? '');
  const [region, setRegion] = useState(query.countryregion ?? '');
  const [minAge, setMinAge] = useState(query.min_age ? String(query.min_age) : '');
  const [maxAge, setMaxAge] = useState(query.max_age ? String(query.max_age) : '');

  const countryNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
    [i18n.language],
  );
  const countryRegions = useMemo(
    () => (regions?.regions ?? []).filter((item) => item.country === country),
    [regions, country],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch({
      gender: (gender || undefined) as Gender | undefined,
      country: country || undefined,
      countryregion: region || undefined,
      min_age: ageOrUndefined(minAge),
      max_age: ageOrUndefined(maxAge),
      pageNumber: 1,
      numResults: query.numResults,
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('search.title')}>
      <label className={styles.field}>
        <span className="form-label">{t('search.gender')}</span>
        <select className="form-select" value={gender} onChange={(event) => setGender(event.target.value)}>
          <option value="">{t('search.any')}</option>
          <option value="female">{t('options.gender.female')}</option>
          <option value="male">{t('options.gender.male')}</option>
        </select>
      </label>
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
      <div className={styles.ages}>
        <AgeField label={t('search.minAge')} value={minAge} onChange={setMinAge} />
        <AgeField label={t('search.maxAge')} value={maxAge} onChange={setMaxAge} />
      </div>
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

import { useGetRegionsQuery, useGetSettingsQuery, useGetTownsQuery } from '@dating/shared';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { countryName } from '../lib/country-name';
import { useSignupTranslation } from '../lib/i18n';

export interface LocationValue {
  country: string;
  region: string;
  city: string;
}

export function LocationFields({
  value,
  onChange,
  idPrefix,
}: {
  value: LocationValue;
  onChange(value: LocationValue): void;
  idPrefix: string;
}) {
  const { t, i18n } = useSignupTranslation();
  const { data: settings } = useGetSettingsQuery();
  const { data: regions } = useGetRegionsQuery();
  const countries = settings?.countries ?? (value.country ? [value.country] : []);
  const countryRegions = (regions?.regions ?? []).filter((region) => region.country === value.country);
  // The profile holds the region's name, the select the code of /api/regions.php; the server takes either.
  const selectedRegion =
    countryRegions.find(
      (region) => region.code === value.region || region.name.toLowerCase() === value.region.toLowerCase(),
    )?.code ?? '';
  // The towns the server accepts (towns.php, the list profile.php checks against), offered as the town's suggestions.
  const { data: towns } = useGetTownsQuery(
    selectedRegion ? { country: value.country, region: selectedRegion } : { country: value.country },
    { skip: !value.country },
  );
  return (
    <>
      <SelectField
        id={`${idPrefix}-country`}
        label={t('fields.country')}
        value={value.country}
        emptyLabel={t('options.choose')}
        options={countries.map((code) => ({ value: code, label: countryName(code, i18n.language) }))}
        onChange={(country) => onChange({ country, region: '', city: '' })}
      />
      <SelectField
        id={`${idPrefix}-region`}
        label={t('fields.region')}
        value={selectedRegion}
        emptyLabel={t('options.choose')}
        disabled={countryRegions.length === 0}
        options={countryRegions.map((region) => ({ value: region.code, label: region.name }))}
        onChange={(region) => onChange({ ...value, region })}
      />
      <TextField
        id={`${idPrefix}-city`}
        label={t('fields.city')}
        autoComplete="address-level2"
        maxLength={80}
        list={`${idPrefix}-towns`}
        value={value.city}
        onChange={(city) => onChange({ ...value, city })}
      />
      <datalist id={`${idPrefix}-towns`} data-testid="town-list">
        {(towns?.towns ?? []).map((town) => (
          <option key={town} value={town} />
        ))}
      </datalist>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { useGetRegionsQuery, useGetSettingsQuery } from '@dating/shared';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { countryName } from '../../../lib/country-name';

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
  const { t, i18n } = useTranslation('account');
  const { data: settings } = useGetSettingsQuery();
  const { data: regions } = useGetRegionsQuery();
  const countries = settings?.countries ?? (value.country ? [value.country] : []);
  const countryRegions = (regions?.regions ?? []).filter((region) => region.country === value.country);
  // The profile holds the region's name, the select the code of /api/regions.php; the server takes either.
  const selectedRegion =
    countryRegions.find(
      (region) => region.code === value.region || region.name.toLowerCase() === value.region.toLowerCase(),
    )?.code ?? '';
  return (
    <>
      <SelectField
        id={`${idPrefix}-country`}
        label={t('fields.country')}
        value={value.country}
        emptyLabel={t('options.choose')}
        options={countries.map((code) => ({ value: code, label: countryName(code, i18n.language) }))}
        onChange={(country) => onChange({ country, region: '', city: value.city })}
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
        value={value.city}
        onChange={(city) => onChange({ ...value, city })}
      />
    </>
  );
}

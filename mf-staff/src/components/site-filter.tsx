import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { useDashboardQuery } from '../api/dashboard';

/** A site picker for the lists; the sites come from the dashboard call, which operators may make too. */
export function SiteFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | undefined;
  onChange(site: number | undefined): void;
}) {
  const { t } = useTranslation(NS);
  const { data } = useDashboardQuery();
  const sites = data?.sites.map((day) => day.site) ?? [];
  return (
    <div>
      <label htmlFor={id} className="form-label small mb-0">
        {t('common.site')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">{t('common.allSites')}</option>
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name}
          </option>
        ))}
      </select>
    </div>
  );
}

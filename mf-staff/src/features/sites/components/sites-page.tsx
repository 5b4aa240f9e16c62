import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorAlert, NICHE_VARIANTS, Spinner } from '@dating/shared';
import { useSitesQuery } from '../api/sites';
import { NS } from '../../../lib/i18n';
import { useStaff } from '../../../lib/staff-context';
import { PageTitle } from '../../../components/page-title';

/** The sites (admins), each opening its settings editor. */
export default function SitesPage() {
  const { t } = useTranslation(NS);
  const { base } = useStaff();
  const sites = useSitesQuery();
  return (
    <>
      <PageTitle>{t('sites.title')}</PageTitle>
      <ErrorAlert error={sites.error} />
      {sites.isLoading ? <Spinner block label={t('common.loading')} /> : null}
      <ul className="list-group" style={{ maxWidth: '40rem' }}>
        {sites.data?.sites.map((site) => (
          <li key={site.id} className="list-group-item d-flex justify-content-between align-items-center">
            <span>
              <Link to={`${base}/sites/${site.id}`}>{site.name}</Link>
              <span className="small text-body-secondary ms-2">
                {site.domain} · {t(`niches.${NICHE_VARIANTS[site.niche - 1]}`)}
              </span>
            </span>
            <span className="small text-body-secondary">{t('sites.version', { version: site.version })}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

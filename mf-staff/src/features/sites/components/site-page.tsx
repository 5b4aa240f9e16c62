import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ErrorAlert, Spinner } from '@dating/shared';
import { useSiteQuery } from '../api/sites';
import { NS } from '../../../lib/i18n';
import { SiteForm } from './site-form';

/** The settings of one site (docs/product/sites-and-landers.md): validation per field, a preview, and the 'record changed' conflict. */
export default function SitePage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const site = useSiteQuery(id);
  // The form starts afresh for each version, so 'saved' is remembered here, by the version the save produced.
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  if (site.isLoading) return <Spinner block label={t('common.loading')} />;
  if (!site.data) return <ErrorAlert error={site.error} />;
  // A new version (a save, or a reload after a conflict) starts a fresh form.
  return (
    <SiteForm
      key={site.data.version}
      site={site.data}
      saved={savedVersion === site.data.version}
      onSaved={setSavedVersion}
      refetch={() => void site.refetch()}
    />
  );
}

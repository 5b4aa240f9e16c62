import '../lib/i18n';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { PackageGrid } from '../features/packages/components/package-grid';
import { withSuspense } from '@dating/shared';

/** `/credits`: buy credits (SPEC §2). */
function CreditsPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="container py-3">
      <h1 className="h4 mb-1">{t('credits.title')}</h1>
      <p className="text-muted mb-3">{t('credits.intro')}</p>
      <PackageGrid />
    </section>
  );
}

export default withSuspense(CreditsPage);

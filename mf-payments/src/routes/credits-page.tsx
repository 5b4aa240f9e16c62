import '../lib/i18n';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PREMIUM_PHOTO_LIMIT, withSuspense, useCurrentUser } from '@dating/shared';
import { NS } from '../lib/i18n';
import { PackageGrid } from '../features/packages/components/package-grid';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/credits`: buy credits (docs/product/routes-and-layouts.md); paid members also get the repeat-order link (docs/product/member-model.md). */
function CreditsPage() {
  const { t } = useTranslation(NS);
  const user = useCurrentUser();
  const paid = user ? user.paid_user : false;
  return (
    <section className="container py-3">
      <h1 className="h4 mb-1">{t('credits.title')}</h1>
      {/* "Your first purchase makes you Premium" only to a member it is true for. */}
      <p className="text-muted mb-3">
        {paid ? t('credits.introPremium', { uploads: PREMIUM_PHOTO_LIMIT }) : t('credits.intro')}
      </p>
      {paid && (
        <p className="d-flex flex-wrap gap-3 mb-3">
          <Link to="/credits/repeat-order">{t('credits.repeat')}</Link>
          <Link to="/transactions">{t('credits.transactions')}</Link>
        </p>
      )}
      <PackageGrid />
    </section>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(CreditsPage) satisfies RemoteComponent<'mf_payments/CreditsPage'>;

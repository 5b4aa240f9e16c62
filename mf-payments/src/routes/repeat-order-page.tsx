import '../lib/i18n';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { NotAvailable } from '../features/checkout/components/not-available';
import { withSuspense } from '@dating/shared';

/** `/credits/repeat-order`: buy the last package again (needs the order calls of a later issue). */
function RepeatOrderPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="container py-3">
      <h1 className="h4 mb-3">{t('repeatOrder.title')}</h1>
      <NotAvailable what="repeatOrder" />
      <Link to="/credits" className="btn btn-primary">
        {t('checkout.toPackages')}
      </Link>
    </section>
  );
}

export default withSuspense(RepeatOrderPage);

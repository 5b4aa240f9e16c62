import '../lib/i18n';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { NotAvailable } from '../features/checkout/components/not-available';
import { withSuspense } from '@dating/shared';

/** `/transactions/:id?`: payment results and history (needs the payment calls of a later issue). */
function TransactionsPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="container py-3">
      <h1 className="h4 mb-3">{t('transactions.title')}</h1>
      <NotAvailable what="transactions" />
      <Link to="/credits" className="btn btn-primary">
        {t('checkout.toPackages')}
      </Link>
    </section>
  );
}

export default withSuspense(TransactionsPage);

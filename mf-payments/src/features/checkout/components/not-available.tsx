import { useTranslation } from 'react-i18next';
import { NS } from '../../../lib/i18n';

/** Where a payment call does not exist yet (a later issue), the page says so instead of faking it. */
export function NotAvailable({ what }: { what: 'payment' | 'repeatOrder' | 'directDebit' | 'transactions' }) {
  const { t } = useTranslation(NS);
  return (
    <div className="alert alert-info" role="status">
      {t(`notAvailable.${what}`)}
    </div>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorAlert, Spinner } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { formatMoney, intlLocale } from '../../../lib/money';
import { usePaymentsGetOrdersQuery } from '../api/get-orders';
import { OrderStatusLabel } from './order-status-label';

/** `/transactions`: every order with date, credits, amount, method and status; each opens its receipt. */
export function OrderList() {
  const { t, i18n } = useTranslation(NS);
  const { data, error, isLoading } = usePaymentsGetOrdersQuery();
  if (isLoading) return <Spinner block label={t('result.loading')} />;
  if (error || !data) return <ErrorAlert error={error} />;
  if (!data.orders.length) {
    return (
      <EmptyState
        title={t('transactions.empty')}
        action={
          <Link to="/credits" className="btn btn-primary">
            {t('checkout.toPackages')}
          </Link>
        }
      />
    );
  }
  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <thead>
          <tr>
            <th scope="col">{t('receipt.date')}</th>
            <th scope="col">{t('receipt.credits')}</th>
            <th scope="col">{t('receipt.amount')}</th>
            <th scope="col">{t('receipt.method')}</th>
            <th scope="col">{t('receipt.status')}</th>
          </tr>
        </thead>
        <tbody>
          {data.orders.map((order) => (
            <tr key={order.id}>
              <td>
                <Link to={`/transactions/${order.id}`}>
                  {new Date(order.created_at).toLocaleDateString(intlLocale(i18n.language))}
                </Link>
              </td>
              <td>{order.credits}</td>
              <td>{formatMoney(order.amount, i18n.language)}</td>
              <td>{t(`methods.${order.method}`)}</td>
              <td>
                <OrderStatusLabel status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

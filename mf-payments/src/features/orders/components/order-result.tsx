import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type Order, useCurrentUser } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { withReturn } from '../../../lib/return-path';
import { usePaymentsGetOrdersQuery } from '../api/get-orders';

interface OrderResultProps {
  order: Order;
  returnPath: string | null;
}

/** What the member sees when coming back from the checkout: one docs/product/member-model.md state and the way on. */
export function OrderResult({ order, returnPath }: OrderResultProps) {
  const { t } = useTranslation(NS);
  const user = useCurrentUser();
  const premium = user ? user.paid_user : false;
  // "You are premium now" belongs to the first purchase only (docs/product/credits-and-payments.md), not to every repeat order after it.
  const { data: history } = usePaymentsGetOrdersQuery(undefined, {
    skip: !premium || order.status !== 'completed',
  });
  const firstPurchase =
    premium &&
    history !== undefined &&
    !history.orders.some(
      (other) =>
        other.id !== order.id &&
        other.completed_at !== null &&
        order.completed_at !== null &&
        other.completed_at < order.completed_at,
    );
  const retry = order.package_id
    ? withReturn(`/credits/${order.package_id}/${order.method}`, returnPath)
    : '/credits';

  switch (order.status) {
    case 'pending':
      return (
        <div className="alert alert-info d-flex align-items-center gap-2" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('result.pending')}
        </div>
      );
    case 'completed':
      return (
        <div className="alert alert-success" role="status">
          <p className="fw-bold mb-1">{t('result.completed')}</p>
          <p className="mb-1">{t('result.creditsAdded', { credits: order.credits })}</p>
          {firstPurchase && <p className="mb-2">{t('result.premium')}</p>}
          <Link to={returnPath ?? '/members'} className="btn btn-success">
            {returnPath ? t('result.back') : t('result.continue')}
          </Link>
        </div>
      );
    case 'failed':
      return (
        <div className="alert alert-danger" role="alert">
          <p className="fw-bold mb-2">{t('result.failed')}</p>
          <Link to={retry} className="btn btn-primary">
            {t('result.retry')}
          </Link>
        </div>
      );
    case 'cancelled':
    case 'expired':
      return (
        <div className="alert alert-secondary" role="status">
          <p className="fw-bold mb-2">{t(`result.${order.status}`)}</p>
          <Link to={retry} className="btn btn-primary">
            {t('result.retry')}
          </Link>
        </div>
      );
    default:
      return (
        <div className="alert alert-secondary" role="status">
          {t(`result.${order.status}`)}
        </div>
      );
  }
}

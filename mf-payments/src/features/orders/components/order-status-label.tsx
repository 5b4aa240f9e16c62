import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@dating/shared';
import { NS } from '../../../lib/i18n';

const TONE: Record<OrderStatus, string> = {
  pending: 'text-bg-warning',
  completed: 'text-bg-success',
  failed: 'text-bg-danger',
  cancelled: 'text-bg-secondary',
  expired: 'text-bg-secondary',
  refunded: 'text-bg-info',
  charged_back: 'text-bg-danger',
};

export function OrderStatusLabel({ status }: { status: OrderStatus }) {
  const { t } = useTranslation(NS);
  return <span className={`badge ${TONE[status]}`}>{t(`orderStatus.${status}`)}</span>;
}

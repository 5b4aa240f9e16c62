import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@dating/shared';
import { STAFF_REASON_MAX_LENGTH } from '@dating/shared/contract/values/staff';
import type { StaffOrder } from '@dating/shared/contract/staff';
import { useRefundMutation } from '../api/members';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';

/** One of the member's payments, with the refund (and its reason) where the order allows one. */
export function OrderRow({ order }: { order: StaffOrder }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const [refund, { isLoading, error, data }] = useRefundMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await refund({ id: order.id, reason: reason.trim() });
    if (result.data) setOpen(false);
  };
  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span>
          #{order.id} · {format.money(order.price)} · {t('members.orderCredits', { credits: order.credits })}{' '}
          · {order.method ?? order.provider ?? ''}
        </span>
        <span className="small">
          {t(`members.orderStatus.${order.status}`, { defaultValue: order.status })} ·{' '}
          {format.dateTime(order.completed_at ?? order.created_at)}
          {order.refunded_at
            ? ` · ${t('members.refundedAt', { at: format.dateTime(order.refunded_at) })}`
            : ''}
        </span>
      </div>
      {data ? (
        <div className="alert alert-success py-1 mt-2 small" role="status">
          {t('members.refunded', { taken: data.taken, shortfall: data.shortfall })}
        </div>
      ) : null}
      <ErrorAlert error={error} className="mt-2 py-2" />
      {order.refundable && !order.refunded_at ? (
        open ? (
          <form className="mt-2" onSubmit={(event) => void submit(event)}>
            <label htmlFor={`refund-reason-${order.id}`} className="form-label small mb-0">
              {t('members.refundReason')}
            </label>
            <div className="d-flex gap-2">
              <input
                id={`refund-reason-${order.id}`}
                className="form-control form-control-sm"
                autoFocus
                maxLength={STAFF_REASON_MAX_LENGTH}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <button type="submit" className="btn btn-sm btn-danger" disabled={isLoading || !reason.trim()}>
                {t('members.refundConfirm')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => setOpen(false)}
              >
                {t('common.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger mt-2"
            onClick={() => setOpen(true)}
            aria-label={t('members.refundLabel', { id: order.id })}
          >
            {t('members.refund')}
          </button>
        )
      ) : null}
    </div>
  );
}

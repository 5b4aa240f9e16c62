import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, ErrorText, type Order } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { usePaymentsRepeatOrderMutation } from '../api/repeat-order';
import { useIdempotencyKey } from '../../../lib/idempotency';

/** docs/product/calls-and-errors.md: a failed recurring card payment offers a retry on the same card or paying with PayPal. */
export function RecurringCardFailed({ order }: { order: Order }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [repeat, result] = usePaymentsRepeatOrderMutation();
  const [key, renewKey] = useIdempotencyKey();

  async function retry() {
    const answer = await repeat({ key });
    if ('data' in answer && answer.data) {
      renewKey();
      navigate(`/transactions/${answer.data.order.id}`);
    }
  }

  return (
    <div className="alert alert-danger" role="alert">
      <p className="fw-bold mb-2">
        <ErrorText code="recurring_card_failed" />
      </p>
      <ErrorAlert error={result.error} />
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={result.isLoading}
          onClick={() => void retry()}
        >
          {t('result.retryCard')}
        </button>
        {order.package_id && (
          <Link to={`/credits/${order.package_id}/paypal`} className="btn btn-outline-primary">
            {t('result.payPal')}
          </Link>
        )}
      </div>
    </div>
  );
}

import '../lib/i18n';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Spinner, withSuspense } from '@dating/shared';
import { NS } from '../lib/i18n';
import width from './page-width.module.scss';
import { PackageCard } from '../features/packages/components/package-card';
import {
  usePaymentsGetRepeatOrderQuery,
  usePaymentsRepeatOrderMutation,
} from '../features/repeat-order/api/repeat-order';
import type { RemoteComponent } from '@dating/shared/remotes';
import { useIdempotencyKey } from '../lib/idempotency';

/** `/credits/repeat-order`: one click buys the last package again on the stored mandate (docs/product/routes-and-layouts.md, docs/product/member-model.md). */
function RepeatOrderPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { data, error, isLoading } = usePaymentsGetRepeatOrderQuery();
  const [repeat, result] = usePaymentsRepeatOrderMutation();
  const [key, renewKey] = useIdempotencyKey();

  async function buy() {
    const answer = await repeat({ key });
    if ('data' in answer && answer.data) {
      renewKey();
      navigate(`/transactions/${answer.data.order.id}`);
    }
  }

  let body;
  if (isLoading) body = <Spinner block label={t('result.loading')} />;
  else if (error || !data) body = <ErrorAlert error={error} />;
  else if (!data.package || !data.available) {
    body = (
      <>
        <p>{t('repeatOrder.none')}</p>
        <Link to="/credits" className="btn btn-primary">
          {t('checkout.toPackages')}
        </Link>
      </>
    );
  } else {
    body = (
      <div className={width.card}>
        <PackageCard pkg={data.package} />
        {data.method && (
          <p className="mt-2">{t('repeatOrder.method', { method: t(`methods.${data.method}`) })}</p>
        )}
        <ErrorAlert error={result.error} />
        <button
          type="button"
          className="btn btn-primary w-100"
          disabled={result.isLoading || result.isSuccess}
          onClick={() => void buy()}
        >
          {t('repeatOrder.buy')}
        </button>
      </div>
    );
  }
  return (
    <section className="container py-3">
      <h1 className="h4 mb-3">{t('repeatOrder.title')}</h1>
      {body}
    </section>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(RepeatOrderPage) satisfies RemoteComponent<'mf_payments/RepeatOrderPage'>;

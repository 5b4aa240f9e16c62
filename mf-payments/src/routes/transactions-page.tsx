import '../lib/i18n';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Spinner, withSuspense } from '@dating/shared';
import { NS } from '../lib/i18n';
import width from './page-width.module.scss';
import { useReturnPath } from '../lib/return-path';
import { OrderList } from '../features/orders/components/order-list';
import { OrderResult } from '../features/orders/components/order-result';
import { OrderReceipt } from '../features/orders/components/order-receipt';
import { useOrderUntilFinal } from '../features/orders/hooks/use-order-until-final';
import { RecurringCardFailed } from '../features/repeat-order/components/recurring-card-failed';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/transactions/:id`: the return page of a payment (its state until final) and the order's receipt. */
function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const returnPath = useReturnPath();
  const { data, error, isLoading } = useOrderUntilFinal(id);
  if (isLoading) return <Spinner block label={t('result.loading')} />;
  if (error || !data) return <ErrorAlert error={error} />;
  const { order } = data;
  // A failed repeat payment by card offers the retry and PayPal (repeat-order); every other state is the order's.
  const recurringCardFailed = order.status === 'failed' && order.recurring && order.method === 'creditcard';
  return (
    <>
      {recurringCardFailed ? (
        <RecurringCardFailed order={order} />
      ) : (
        <OrderResult order={order} returnPath={returnPath} />
      )}
      <OrderReceipt order={order} />
    </>
  );
}

/** `/transactions/:id?`: every order of the member, or one (docs/product/routes-and-layouts.md). */
function TransactionsPage() {
  const { t } = useTranslation(NS);
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  return (
    <section className={`container py-3 ${width.receipt}`}>
      <h1 className="h4 mb-3">{id ? t('transactions.order', { id }) : t('transactions.title')}</h1>
      {id ? <OrderDetail id={id} /> : <OrderList />}
      {id && (
        <Link to="/transactions" className="btn btn-link px-0 mt-2">
          {t('transactions.all')}
        </Link>
      )}
    </section>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(TransactionsPage) satisfies RemoteComponent<'mf_payments/TransactionsPage'>;

import '../lib/i18n';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAYMENT_METHODS,
  ErrorAlert,
  isPaymentMethod,
  useGetSettingsQuery,
  withSuspense,
} from '@dating/shared';
import { NS } from '../lib/i18n';
import { leavePage } from '../lib/navigate-away';
import { useReturnPath, withReturn } from '../lib/return-path';
import { useGetPackagesQuery } from '../features/packages/api/get-packages';
import { useActiveDiscount } from '../features/discount/hooks/use-active-discount';
import { PackageCard, PackageCardSkeleton } from '../features/packages/components/package-card';
import { usePaymentsCreateOrderMutation } from '../features/orders/api/create-order';
import styles from './checkout-page.module.scss';
import type { RemoteComponent } from '@dating/shared/remotes';

/**
 * `/credits/:id/:paymentmethod?`: the chosen package and the methods of the payment country (SPEC §2, §3).
 * Paying creates the order on the server (which prices it) and leaves for the provider's checkout.
 */
function CheckoutPage() {
  const { t } = useTranslation(NS);
  const params = useParams();
  const returnPath = useReturnPath();
  const id = Number(params.id);
  const method = isPaymentMethod(params.paymentmethod) ? params.paymentmethod : null;
  const { data, isLoading } = useGetPackagesQuery();
  const { data: settings } = useGetSettingsQuery();
  const discount = useActiveDiscount();
  const [code, setCode] = useState('');
  const [createOrder, order] = usePaymentsCreateOrderMutation();
  const pkg = data?.packages.find((item) => item.id === id);
  const methods = data?.methods ?? DEFAULT_PAYMENT_METHODS;

  if (isLoading) return <div className="container py-3">{<PackageCardSkeleton />}</div>;
  if (!pkg) {
    return (
      <div className="container py-5 text-center">
        <p>{t('checkout.notFound')}</p>
        <Link to={withReturn('/credits', returnPath)} className="btn btn-primary">
          {t('checkout.toPackages')}
        </Link>
      </div>
    );
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!method || !pkg) return;
    const typed = code.trim();
    const result = await createOrder({
      package_id: pkg.id,
      method,
      ...(typed || discount ? { code: typed || discount?.code } : {}),
      ...(returnPath ? { return: returnPath } : {}),
    });
    if ('data' in result && result.data) leavePage.to(result.data.checkout_url);
  }

  const offered = method !== null && methods.includes(method);
  const busy = order.isLoading || order.isSuccess;
  return (
    <section className={`container py-3 ${styles.layout}`}>
      <div>
        <h1 className="h4 mb-3">{t('checkout.title')}</h1>
        <PackageCard pkg={pkg} discountPercentage={code.trim() ? undefined : discount?.percentage} />
        <Link to={withReturn('/credits', returnPath)} className="btn btn-link px-0 mt-2">
          {t('checkout.change')}
        </Link>
      </div>
      <div>
        <h2 className="h5 mb-2">{t('checkout.method')}</h2>
        <ul className={styles.methods}>
          {methods.map((item) => (
            <li key={item}>
              <Link
                to={withReturn(`/credits/${pkg.id}/${item}`, returnPath)}
                className={item === method ? styles.selected : undefined}
                aria-current={item === method ? 'true' : undefined}
              >
                {t(`methods.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
        {method && !offered && (
          <div className="alert alert-warning" role="alert">
            {t('checkout.notOffered')}
          </div>
        )}
        {method === 'sdd' && offered && (
          <Link to={`/directdebit?package=${pkg.id}`} className="btn btn-primary w-100">
            {t('checkout.toDirectDebit')}
          </Link>
        )}
        {method && offered && method !== 'sdd' && (
          <form onSubmit={(event) => void pay(event)} noValidate>
            <label className="d-block mb-2">
              <span className="form-label">{t('checkout.code')}</span>
              <input
                className="form-control"
                name="code"
                value={code}
                maxLength={64}
                autoComplete="off"
                onChange={(event) => setCode(event.target.value)}
              />
            </label>
            <ErrorAlert error={order.error} />
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {busy ? t('checkout.redirecting') : t('checkout.pay')}
            </button>
          </form>
        )}
        {settings && (
          <p className="small text-muted mt-3">{t('checkout.refund', { days: settings.refund_days })}</p>
        )}
      </div>
    </section>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(CheckoutPage) satisfies RemoteComponent<'mf_payments/CheckoutPage'>;

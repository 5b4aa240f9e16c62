import '../lib/i18n';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { PAYMENT_METHODS, isPaymentMethod } from '../lib/payment-methods';
import { useGetPackagesQuery } from '../features/packages/api/get-packages';
import { useActiveDiscount } from '../features/discount/hooks/use-active-discount';
import { PackageCard, PackageCardSkeleton } from '../features/packages/components/package-card';
import { NotAvailable } from '../features/checkout/components/not-available';
import styles from './checkout-page.module.scss';
import { withSuspense } from '@dating/shared';

/** `/credits/:id/:paymentmethod?`: the chosen package and the payment method choice (SPEC §2, §3). */
function CheckoutPage() {
  const { t } = useTranslation(NS);
  const params = useParams();
  const id = Number(params.id);
  const method = isPaymentMethod(params.paymentmethod) ? params.paymentmethod : null;
  const { data, isLoading } = useGetPackagesQuery();
  const discount = useActiveDiscount();
  const pkg = data?.packages.find((item) => item.id === id);

  if (isLoading) return <div className="container py-3">{<PackageCardSkeleton />}</div>;
  if (!pkg) {
    return (
      <div className="container py-5 text-center">
        <p>{t('checkout.notFound')}</p>
        <Link to="/credits" className="btn btn-primary">
          {t('checkout.toPackages')}
        </Link>
      </div>
    );
  }
  return (
    <section className={`container py-3 ${styles.layout}`}>
      <div>
        <h1 className="h4 mb-3">{t('checkout.title')}</h1>
        <PackageCard pkg={pkg} discountPercentage={discount?.percentage} />
        <Link to="/credits" className="btn btn-link px-0 mt-2">
          {t('checkout.change')}
        </Link>
      </div>
      <div>
        <h2 className="h5 mb-2">{t('checkout.method')}</h2>
        <ul className={styles.methods}>
          {PAYMENT_METHODS.map((item) => (
            <li key={item}>
              <Link
                to={`/credits/${pkg.id}/${item}`}
                className={item === method ? styles.selected : undefined}
                aria-current={item === method ? 'true' : undefined}
              >
                {t(`methods.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
        {method && (
          <>
            <NotAvailable what="payment" />
            <button type="button" className="btn btn-primary w-100" disabled>
              {t('checkout.pay')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

export default withSuspense(CheckoutPage);

import { useTranslation } from 'react-i18next';
import { LinkedCodeNotice, toDisplayError } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useGetPackagesQuery } from '../api/get-packages';
import { useReturnPath, withReturn } from '../../../lib/return-path';
import { discountApplies, useDiscounts } from '../../../lib/use-active-discount';
import { DiscountBanner } from '../../../components/discount-banner';
import { PackageCard, PackageCardSkeleton } from './package-card';
import { MinimumMessageCost } from './minimum-message-cost';
import styles from './package-grid.module.scss';

/** The credit packages as cards with the active discount applied; choosing one leads to `/credits/:id`. */
export function PackageGrid() {
  const { t } = useTranslation(NS);
  const { data, error, isLoading, refetch } = useGetPackagesQuery();
  const { active: discount, automatic } = useDiscounts();
  const returnPath = useReturnPath();

  if (isLoading) {
    return (
      <div className={styles.grid} aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <PackageCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="alert alert-danger d-flex justify-content-between align-items-center" role="alert">
        <span>{toDisplayError(error)?.message ?? t('errors.generic')}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      <LinkedCodeNotice where="credits" automatic={automatic} />
      {discount && <DiscountBanner discount={discount} />}
      <div className={styles.grid}>
        {data.packages.map((pkg) => (
          <PackageCard
            key={pkg.id}
            pkg={pkg}
            discountPercentage={
              discount && discountApplies(discount, pkg.price.amount, null) ? discount.percentage : undefined
            }
            to={withReturn(`/credits/${pkg.id}`, returnPath)}
          />
        ))}
      </div>
      <MinimumMessageCost discountPercentage={discount?.percentage} />
    </>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CreditPackage } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { discounted, formatMoney, pricePerCredit } from '../../../lib/money';
import styles from './package-card.module.scss';

interface PackageCardProps {
  pkg: CreditPackage;
  discountPercentage?: number;
  /** Where choosing the package leads; none renders a summary card without a button. */
  to?: string;
}

const VARIANT_CLASS = ['p0', 'p1', 'p2', 'p3'] as const;

export function PackageCard({ pkg, discountPercentage, to }: PackageCardProps) {
  const { t, i18n } = useTranslation(NS);
  const price = discountPercentage ? discounted(pkg.price, discountPercentage) : pkg.price;
  const perCredit = formatMoney(pricePerCredit(price, pkg.credits), i18n.language, {
    maximumFractionDigits: 3,
  });
  return (
    <article
      className={`${styles.card} ${styles[VARIANT_CLASS[pkg.variant] ?? 'p0']}`}
      aria-label={t('packages.label', { credits: pkg.credits })}
    >
      {pkg.popular && <span className={styles.ribbon}>{t('packages.popular')}</span>}
      <p className={styles.credits}>
        <span className={styles.amount}>{pkg.credits}</span> {t('packages.credits')}
      </p>
      <p className={styles.price}>
        {discountPercentage ? (
          <>
            <del className={styles.original}>{formatMoney(pkg.price, i18n.language)}</del>{' '}
            <span className={styles.discount}>−{discountPercentage}%</span>
          </>
        ) : null}
        <strong data-testid="price">{formatMoney(price, i18n.language)}</strong>
      </p>
      <p className={styles.perCredit}>{t('packages.perCredit', { price: perCredit })}</p>
      {to && (
        <Link to={to} className={`btn ${styles.choose}`}>
          {t('packages.choose')}
        </Link>
      )}
    </article>
  );
}

export function PackageCardSkeleton() {
  return <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true" />;
}

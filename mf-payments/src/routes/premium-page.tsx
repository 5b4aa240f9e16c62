import '../lib/i18n';
import { useTranslation } from 'react-i18next';
import { PREMIUM_MATCH_CHANCE_PERCENT, PREMIUM_PHOTO_LIMIT, useCurrentUser } from '@dating/shared';
import { NS } from '../lib/i18n';
import { PackageGrid } from '../features/packages/components/package-grid';
import styles from './premium-page.module.scss';
import { withSuspense } from '@dating/shared';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/premium` and `/pricing`: what premium gives, and the packages that make you premium (docs/product/README.md). */
function PremiumPage() {
  const { t } = useTranslation(NS);
  const paid = useCurrentUser()?.paid_user ?? false;
  const benefits = [
    t('premium.benefits.match', { percent: PREMIUM_MATCH_CHANCE_PERCENT }),
    t('premium.benefits.photos'),
    t('premium.benefits.uploads', { number: PREMIUM_PHOTO_LIMIT }),
    t('premium.benefits.chats'),
  ];
  return (
    <section className="container py-3">
      <header className={styles.hero}>
        <h1 className={styles.title}>{t('premium.title')}</h1>
        <p className="mb-0">{paid ? t('premium.introPremium') : t('premium.intro')}</p>
      </header>
      <ul className={styles.benefits}>
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <PackageGrid />
    </section>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(PremiumPage) satisfies RemoteComponent<'mf_payments/PremiumPage'>;

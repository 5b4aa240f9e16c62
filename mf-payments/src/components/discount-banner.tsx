import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { formatCountdown, type ActiveDiscount } from '../lib/use-active-discount';
import styles from './discount-banner.module.scss';

export function DiscountBanner({ discount }: { discount: ActiveDiscount }) {
  const { t } = useTranslation(NS);
  const left = discount.endsAt ? discount.endsAt - Date.now() : null;
  return (
    <p className={styles.banner} role="status">
      <strong>{t(`discount.${discount.kind}`, { percentage: discount.percentage })}</strong>
      {/* The welcome code is the member's own: shown, so it can be typed at checkout or kept for later. */}
      {(discount.kind === 'welcome' || discount.kind === 'link') && (
        <span>{t('discount.code', { code: discount.code })}</span>
      )}
      {discount.kind === 'time_bonus' && left !== null && (
        <span className={styles.timer}>{t('discount.endsIn', { time: formatCountdown(left) })}</span>
      )}
    </p>
  );
}

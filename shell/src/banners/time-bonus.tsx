import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Modal,
  TIME_BONUS_MODAL_DELAY_MS,
  useGetDiscountCodeQuery,
  WELCOME_DISCOUNT_PERCENTAGE,
  type User,
} from '@dating/shared';
import { useMemberTranslation } from '../i18n/member-namespace';
import { DISMISSAL_KEYS } from '../lib/dismissals';
import { MEMBERS_AREA } from '../routes/route-table';
import { formatCountdown } from './rules';
import { useDismissal } from './use-dismissal';
import type { TimeBonus } from './use-time-bonus';
import { ALERT_PRIORITY, type StackedAlert } from './member-alerts';

export function inMembersArea(routeName: string): boolean {
  return (MEMBERS_AREA as readonly string[]).includes(routeName);
}

/** Top banner for a logged-in non-paid member in the members area while the time bonus runs. */
export function TimeBonusBanner({ bonus, routeName }: { bonus: TimeBonus | null; routeName: string }) {
  const { t } = useMemberTranslation();
  if (!bonus || !inMembersArea(routeName)) return null;
  return (
    <div className="shell-time-bonus text-bg-warning" role="status" data-testid="time-bonus-banner">
      <div className="container d-flex flex-wrap align-items-center justify-content-center gap-2 py-2 small">
        <strong>
          <span className="d-none d-sm-inline">
            {t('timeBonus.banner', { percentage: bonus.percentage })}
          </span>
          <span className="d-sm-none">{t('timeBonus.bannerShort', { percentage: bonus.percentage })}</span>
        </strong>
        <span className="font-monospace" data-testid="time-bonus-countdown">
          {formatCountdown(bonus.secondsLeft)}
        </span>
        <Link className="btn btn-sm btn-dark" to="/credits">
          {t('timeBonus.action')}
        </Link>
      </div>
    </div>
  );
}

/**
 * docs/product/credits-and-payments.md: 40 s after entering the members area, with 0 credits and the bonus visible, once (closing stores the
 * dismissal time).
 */
export function TimeBonusPopup({
  bonus,
  user,
  routeName,
}: {
  bonus: TimeBonus | null;
  user: User | null;
  routeName: string;
}) {
  const { t } = useMemberTranslation();
  const [dismissed, onDismiss] = useDismissal(DISMISSAL_KEYS.timeBonus);
  const [due, setDue] = useState(false);
  const inArea = inMembersArea(routeName);
  const eligible = inArea && bonus !== null && user !== null && user.credits === 0 && !dismissed;
  useEffect(() => {
    if (!inArea) {
      setDue(false);
      return undefined;
    }
    const timer = setTimeout(() => setDue(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [inArea]);
  if (!eligible || !due || !bonus) return null;
  return (
    <Modal
      open
      onClose={onDismiss}
      closeLabel={t('common.close')}
      title={t('timeBonus.popup.title', { percentage: bonus.percentage })}
      footer={
        <Link className="btn btn-primary w-100" to="/credits" onClick={onDismiss}>
          {t('timeBonus.action')}
        </Link>
      }
    >
      <p data-testid="time-bonus-popup">
        {t('timeBonus.popup.text', { timeLeft: 4, percentage: bonus.percentage })}
      </p>
      <p className="display-6 text-center font-monospace mb-0">{formatCountdown(bonus.secondsLeft)}</p>
    </Modal>
  );
}

/**
 * Welcome discount for new non-paid members when no time bonus runs; failure of the welcome code is ignored. One
 * alert of the stack (member-alerts.tsx); closing it is kept per member like the others.
 */
export function useWelcomeBonusAlert(
  bonus: TimeBonus | null,
  user: User | null,
  routeName: string,
): StackedAlert | null {
  const { t } = useMemberTranslation();
  const [open, setOpen] = useState(false);
  const [dismissed, onDismiss] = useDismissal(DISMISSAL_KEYS.welcomeBonus);
  const eligible =
    user !== null && !user.paid_user && bonus === null && inMembersArea(routeName) && !dismissed;
  const { data } = useGetDiscountCodeQuery({ welcome: true }, { skip: !eligible });
  if (!eligible || !data || data.status !== 'active' || data.expired) return null;
  const percentage = data.value_percentage || data.percentage || WELCOME_DISCOUNT_PERCENTAGE;
  return {
    id: 'welcome-bonus',
    priority: ALERT_PRIORITY.welcomeBonus,
    label: t('welcomeBonus.short', { percentage }),
    payment: true,
    element: (
      <>
        <div
          className="alert alert-success alert-dismissible d-flex flex-wrap align-items-center gap-2 mb-2"
          role="status"
          data-testid="welcome-bonus-banner"
        >
          <span className="flex-grow-1">{t('welcomeBonus.banner', { percentage })}</span>
          <button type="button" className="btn btn-sm btn-outline-success" onClick={() => setOpen(true)}>
            {t('welcomeBonus.more')}
          </button>
          <Link className="btn btn-sm btn-success" to="/credits">
            {t('welcomeBonus.action')}
          </Link>
          <button type="button" className="btn-close" aria-label={t('common.close')} onClick={onDismiss} />
        </div>
        <Modal
          open={open}
          onClose={() => setOpen(false)}
          closeLabel={t('common.close')}
          title={t('welcomeBonus.title', { percentage })}
          footer={
            <Link className="btn btn-primary w-100" to="/credits" onClick={() => setOpen(false)}>
              {t('welcomeBonus.action')}
            </Link>
          }
        >
          <p className="mb-0">{t('welcomeBonus.text', { percentage, code: data.code })}</p>
        </Modal>
      </>
    ),
  };
}

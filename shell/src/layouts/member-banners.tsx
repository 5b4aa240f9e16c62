import type { User } from '@dating/shared';
import { ActivationModal } from '../banners/activation-modal';
import {
  AlertStack,
  useActivationReminder,
  useDisabledNotificationsAlert,
  useProfilePhotoAlert,
  usePushOptInAlert,
} from '../banners/member-alerts';
import { onPaymentPage } from '../banners/rules';
import { TimeBonusBanner, TimeBonusPopup, useWelcomeBonusAlert } from '../banners/time-bonus';
import type { TimeBonus } from '../banners/use-time-bonus';

/**
 * The banners and popups only a member can get (activation, photo, notifications, time bonus): their own chunk,
 * loaded once someone is logged in, so a visitor's first load does not carry them (docs/adr/0016).
 */
interface MemberBannerProps {
  user: User;
  bonus: TimeBonus | null;
  routeName: string;
}

export function MemberTopBanner({ bonus, routeName }: MemberBannerProps) {
  return <TimeBonusBanner bonus={bonus} routeName={routeName} />;
}

/**
 * The member's alerts as one stack (at most one expanded). The credits, package, checkout and receipt pages show
 * only those that concern payment.
 */
export function MemberAlerts({ user, bonus, routeName }: MemberBannerProps) {
  const alerts = [
    useActivationReminder(user, routeName),
    useDisabledNotificationsAlert(user, routeName),
    useProfilePhotoAlert(user, routeName),
    useWelcomeBonusAlert(bonus, user, routeName),
    usePushOptInAlert(user, routeName),
  ];
  return <AlertStack alerts={alerts} paymentOnly={onPaymentPage(routeName)} />;
}

export function MemberPopups({ user, bonus, routeName }: MemberBannerProps) {
  return (
    <>
      <TimeBonusPopup bonus={bonus} user={user} routeName={routeName} />
      <ActivationModal user={user} />
    </>
  );
}

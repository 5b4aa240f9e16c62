import type { User } from '@dating/shared';
import { ActivationModal } from '../banners/activation-modal';
import { ActivationReminder, DisabledNotificationsAlert, ProfilePhotoAlert, PushOptInAlert } from '../banners/member-alerts';
import { TimeBonusBanner, TimeBonusPopup, WelcomeBonus } from '../banners/time-bonus';
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

export function MemberAlerts({ user, bonus, routeName }: MemberBannerProps) {
  return (
    <>
      <ActivationReminder user={user} routeName={routeName} />
      <ProfilePhotoAlert user={user} routeName={routeName} />
      <DisabledNotificationsAlert user={user} routeName={routeName} />
      <PushOptInAlert user={user} routeName={routeName} />
      <WelcomeBonus bonus={bonus} user={user} routeName={routeName} />
    </>
  );
}

export function MemberPopups({ user, bonus, routeName }: MemberBannerProps) {
  return (
    <>
      <TimeBonusPopup bonus={bonus} user={user} routeName={routeName} />
      <ActivationModal user={user} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { SkipLink } from '@dating/shared';
import { ActivationModal } from '../banners/activation-modal';
import { LikeModal } from '../banners/like-modal';
import { ActivationReminder, DisabledNotificationsAlert, ProfilePhotoAlert, PushOptInAlert } from '../banners/member-alerts';
import { SignupModal } from '../banners/signup-modal';
import { SiteEntryWarning } from '../banners/site-entry-warning';
import { TimeBonusBanner, TimeBonusPopup, WelcomeBonus } from '../banners/time-bonus';
import { useTimeBonus } from '../banners/use-time-bonus';
import { TopNav } from '../nav/top-nav';
import { useRouteName } from '../routes/route-handle';
import { useSessionUser } from '../session/use-session';
import { Footer } from './footer';

/** Top navigation, warning banners, page, footer with the legal disclaimer, entry warning, modals (SPEC §2). */
export function DefaultLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const routeName = useRouteName();
  const bonus = useTimeBonus(user);
  return (
    <div className={`shell-layout shell-layout-default d-flex flex-column min-vh-100 ${user ? 'shell-has-bottom-nav' : ''}`} data-layout="default">
      <SkipLink>{t('nav.skipToContent')}</SkipLink>
      <TopNav />
      <TimeBonusBanner bonus={bonus} routeName={routeName} />
      <main className="container flex-grow-1 py-3" id="main" tabIndex={-1}>
        <div className="shell-banners">
          <ActivationReminder user={user} routeName={routeName} />
          <ProfilePhotoAlert user={user} routeName={routeName} />
          <DisabledNotificationsAlert user={user} routeName={routeName} />
          <PushOptInAlert user={user} routeName={routeName} />
          <WelcomeBonus bonus={bonus} user={user} routeName={routeName} />
        </div>
        <Outlet />
      </main>
      <Footer />
      <SiteEntryWarning layout="default" />
      <SignupModal />
      <LikeModal loggedIn={user !== false} />
      <TimeBonusPopup bonus={bonus} user={user} routeName={routeName} />
      <ActivationModal user={user} />
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { SkipLink, useCurrentUser } from '@dating/shared';
import { LikeModal } from '../banners/like-modal';
import { SignupModal } from '../banners/signup-modal';
import { SiteEntryWarning } from '../banners/site-entry-warning';
import { useTimeBonus } from '../banners/use-time-bonus';
import { TopNav } from '../nav/top-nav';
import { useRouteName } from '../routes/route-handle';
import { Footer } from './footer';

// Member-only banners and popups: their own chunk, not part of a visitor's first load (docs/adr/0016).
const memberBanners = () => import(/* webpackChunkName: "member-banners" */ './member-banners');
const MemberTopBanner = lazy(() => memberBanners().then((m) => ({ default: m.MemberTopBanner })));
const MemberAlerts = lazy(() => memberBanners().then((m) => ({ default: m.MemberAlerts })));
const MemberPopups = lazy(() => memberBanners().then((m) => ({ default: m.MemberPopups })));

/** Top navigation, warning banners, page, footer with the legal disclaimer, entry warning, modals (docs/product/routes-and-layouts.md). */
export function DefaultLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser() ?? null;
  const routeName = useRouteName();
  const bonus = useTimeBonus(user);
  return (
    <div
      className={`shell-layout shell-layout-default d-flex flex-column min-vh-100 ${user ? 'shell-has-bottom-nav' : ''}`}
      data-layout="default"
    >
      <SkipLink>{t('nav.skipToContent')}</SkipLink>
      <TopNav />
      {user ? (
        <Suspense fallback={null}>
          <MemberTopBanner user={user} bonus={bonus} routeName={routeName} />
        </Suspense>
      ) : null}
      <main className="container flex-grow-1 py-3" id="main" tabIndex={-1}>
        <div className="shell-banners">
          {user ? (
            <Suspense fallback={null}>
              <MemberAlerts user={user} bonus={bonus} routeName={routeName} />
            </Suspense>
          ) : null}
        </div>
        <Outlet />
      </main>
      <Footer />
      <SiteEntryWarning layout="default" />
      <SignupModal />
      <LikeModal loggedIn={user !== null} />
      {user ? (
        <Suspense fallback={null}>
          <MemberPopups user={user} bonus={bonus} routeName={routeName} />
        </Suspense>
      ) : null}
    </div>
  );
}

import { lazy, Suspense, useState } from 'react';
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
import { loadedMemberBanners, memberBanners } from './member-banners-chunk';

// Member-only banners and popups: their own chunk, not part of a visitor's first load (docs/adr/0016).
const MemberTopBanner = lazy(() => memberBanners().then((m) => ({ default: m.MemberTopBanner })));
const MemberAlerts = lazy(() => memberBanners().then((m) => ({ default: m.MemberAlerts })));
const MemberPopups = lazy(() => memberBanners().then((m) => ({ default: m.MemberPopups })));

/** Top navigation, warning banners, page, footer with the legal disclaimer, entry warning, modals (docs/product/routes-and-layouts.md). */
export function DefaultLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser() ?? null;
  const routeName = useRouteName();
  const bonus = useTimeBonus(user);
  // A member's start (preloadMemberChunks): the layout's route waited for the banners' chunk, so the layout is
  // drawn with the banners above the page, not first without them and then pushed down by them (a layout shift on
  // every member's first page). After a login in this tab the chunk may still be on its way: then they appear when
  // it arrives, in boundaries of their own. Decided once per layout, so the banners are not mounted twice.
  const [banners] = useState(loadedMemberBanners);
  const bannerProps = user ? { user, bonus, routeName } : null;
  return (
    <div
      className={`shell-layout shell-layout-default d-flex flex-column min-vh-100 ${user ? 'shell-has-bottom-nav' : ''}`}
      data-layout="default"
    >
      <SkipLink>{t('nav.skipToContent')}</SkipLink>
      <TopNav />
      {bannerProps && banners ? <banners.MemberTopBanner {...bannerProps} /> : null}
      {bannerProps && !banners ? (
        <Suspense fallback={null}>
          <MemberTopBanner {...bannerProps} />
        </Suspense>
      ) : null}
      <main className="container flex-grow-1 py-3" id="main" tabIndex={-1}>
        <div className="shell-banners">
          {bannerProps && banners ? <banners.MemberAlerts {...bannerProps} /> : null}
          {bannerProps && !banners ? (
            <Suspense fallback={null}>
              <MemberAlerts {...bannerProps} />
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

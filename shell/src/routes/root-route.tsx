import { lazy, Suspense, useEffect } from 'react';
import { captureLinkedCode, useCurrentUser } from '@dating/shared';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { ProgressBar } from '../layouts/progress-bar';
import { LogoutContext, useLogoutFlow } from '../session/logout';
import { useHiddenBeacon, usePageBounceLog } from '../session/page-lifecycle';
import { useCounters } from '../session/use-session';
import { useTitleAndBadge } from '../session/title-badge';
import { usePageTitle } from '../session/page-title';
import { useTelemetryView } from '../telemetry/use-telemetry-view';

// Only a member can get a match: the modal is its own chunk, not part of a visitor's first load (docs/adr/0016).
const MatchModal = lazy(() =>
  import(/* webpackChunkName: "match-modal" */ '../live/match-modal').then((m) => ({
    default: m.MatchModal,
  })),
);

// The live channel and polling of a logged-in member: in the member chunk, not a visitor's first load (docs/adr/0016).
const MemberSession = lazy(() =>
  import(/* webpackChunkName: "member" */ '../session/member-session').then((m) => ({
    default: m.MemberSession,
  })),
);

/**
 * Session-wide behaviour shared by every layout: the live channel and polling while it is down, title and app
 * badge, beacons, the progress bar, the match modal, a discount code from a link.
 */
export function RootRoute() {
  const user = useCurrentUser() ?? null;
  const loggedIn = user !== null;
  const counters = useCounters(loggedIn);
  const navigation = useNavigation();
  const { search } = useLocation();
  // `?code=` on any page is kept for the visit: the credits and checkout pages check it and the order carries it.
  useEffect(() => {
    captureLinkedCode(search);
  }, [search]);
  usePageTitle();
  useTitleAndBadge(counters.unread + counters.newLikes);
  useHiddenBeacon(loggedIn);
  usePageBounceLog();
  useTelemetryView();
  const logout = useLogoutFlow();
  return (
    <LogoutContext.Provider value={logout}>
      <ProgressBar loading={navigation.state === 'loading' || !counters.loaded} failed={counters.failed} />
      <Outlet />
      {loggedIn ? (
        <>
          <Suspense fallback={null}>
            <MemberSession />
          </Suspense>
          <Suspense fallback={null}>
            <MatchModal />
          </Suspense>
        </>
      ) : null}
      <ScrollRestoration />
    </LogoutContext.Provider>
  );
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { trafficSource, useAppSelector, visitorMayBrowse, useCurrentUser } from '@dating/shared';
import { useIsNavigationPending } from '../app/navigation-pending';
import { selectLoggingOut, selectSignupModal } from '../app/shell-slice';
import { useSettings } from '../session/use-session';
import type { Access } from './route-table';

/**
 * Members-only routes send visitors to /login (also when the session ends on such a route: authRequired resets
 * the user in the store and this re-renders); `/` sends members to /members; member search for visitors follows
 * settings.logged_out_search and, with a traffic source, logged_out_search_trafficsource.
 */
export function AccessGuard({ access, children }: { access: Access; children: ReactNode }) {
  const user = useCurrentUser() ?? null;
  const settings = useSettings();
  const location = useLocation();
  const signupModal = useAppSelector(selectSignupModal);
  const loggingOut = useAppSelector(selectLoggingOut);
  const isNavigationPending = useIsNavigationPending();
  const loggedIn = user !== null;
  // A signup in the modal logs the new member in at its first step; stay on the page (and keep the form's
  // steps) until the modal closes.
  if (access === 'home' && loggedIn && !signupModal.open) return <Navigate to="/members" replace />;
  const visitorBlocked =
    !loggedIn &&
    (access === 'member' ||
      (access === 'search' && !visitorMayBrowse(settings, trafficSource(location.search))));
  // The session ended on the way to another page (logout, account deletion): let that navigation finish.
  if (visitorBlocked && (loggingOut || isNavigationPending(location))) return null;
  if (visitorBlocked) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?redirect=${back}`} replace />;
  }
  return <>{children}</>;
}

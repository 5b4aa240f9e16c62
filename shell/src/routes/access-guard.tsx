import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSessionUser, useSettings } from '../session/use-session';
import type { Access } from './route-table';

/**
 * Members-only routes send visitors to /login (also when the session ends on such a route: authRequired resets
 * the user in the store and this re-renders); `/` sends members to /members; member search for visitors follows
 * settings.logged_out_search.
 */
export function AccessGuard({ access, children }: { access: Access; children: ReactNode }) {
  const user = useSessionUser();
  const settings = useSettings();
  const location = useLocation();
  const loggedIn = user !== false;
  if (access === 'home' && loggedIn) return <Navigate to="/members" replace />;
  const visitorBlocked =
    (access === 'member' || (access === 'search' && settings.logged_out_search === 'none')) && !loggedIn;
  if (visitorBlocked) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?redirect=${back}`} replace />;
  }
  return <>{children}</>;
}

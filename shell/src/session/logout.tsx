import { createContext, useCallback, useContext, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { coreApi, loggedOut, useAppDispatch, useAppSelector, useLogoutMutation } from '@dating/shared';
import { logoutFinished, logoutStarted, selectLoggingOut } from '../app/shell-slice';

/**
 * Logout as a member expects it: the server session ends (`/api/logout.php`), the visitor state shows, the store
 * forgets the member (`loggedOut`), and the site's home page opens. Provided by the root route, which stays
 * mounted while the member-only parts of the page (the account menu among them) disappear.
 */
export function useLogoutFlow(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    dispatch(logoutStarted());
    await logout()
      .unwrap()
      .catch(() => undefined);
    // Show the visitor first, so the member-only lists unsubscribe before the cache reset would refetch them
    // (they would only answer 403 now).
    await dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user: false }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    dispatch(loggedOut());
    await navigate('/', { replace: true });
  }, [dispatch, logout, navigate]);
}

/**
 * Ends the logout once `/` is on screen. Not right after `navigate`: the router renders the new location in a
 * transition, and until then the old member-only page must not send the visitor to /login.
 */
export function useLogoutSettled(): void {
  const dispatch = useAppDispatch();
  const loggingOut = useAppSelector(selectLoggingOut);
  const { pathname } = useLocation();
  useEffect(() => {
    if (loggingOut && pathname === '/') dispatch(logoutFinished());
  }, [dispatch, loggingOut, pathname]);
}

export const LogoutContext = createContext<() => Promise<void>>(async () => undefined);

export function useLogout(): () => Promise<void> {
  return useContext(LogoutContext);
}

import { createContext, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router-dom';
import { coreApi, loggedOut, useAppDispatch, useLogoutMutation } from '@dating/shared';

/**
 * Logout as a member expects it: the server session ends (`/api/logout.php`), the visitor state shows, the site's
 * home page opens, and the store forgets the member (`loggedOut`). Provided by the root route, which stays mounted
 * while the member-only parts of the page (the account menu among them) disappear.
 */
export function useLogoutFlow(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    await logout()
      .unwrap()
      .catch(() => undefined);
    // The visitor state and the navigation to `/` start in the same tick: the session change makes the router
    // run the current route's rule again, and this navigation cancels that revalidation and runs `/`'s rule with
    // the visitor's session instead (docs/adr/0023), so a members-only page does not bounce through /login.
    dispatch(coreApi.util.updateQueryData('getUser', undefined, () => ({ user: false as const })));
    await navigate('/', { replace: true });
    // The member's lists unsubscribed with the page they were on; forget them only now, or the cache reset would
    // refetch them for that page (they would only answer 403).
    await new Promise((resolve) => setTimeout(resolve, 0));
    dispatch(loggedOut());
  }, [dispatch, logout, navigate]);
}

export const LogoutContext = createContext<() => Promise<void>>(async () => undefined);

export function useLogout(): () => Promise<void> {
  return useContext(LogoutContext);
}

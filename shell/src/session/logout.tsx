import { createContext, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router-dom';
import { coreApi, loggedOut, useAppDispatch, useLogoutMutation } from '@dating/shared';

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

export const LogoutContext = createContext<() => Promise<void>>(async () => undefined);

export function useLogout(): () => Promise<void> {
  return useContext(LogoutContext);
}

import { createContext, useContext } from 'react';

/**
 * Whether the page showing `shown` is on its way out, read from the router itself: a navigation is still pending,
 * or it has finished but React still shows the old page (route changes render in a transition, later than a store
 * update in the same tick, e.g. `navigate('/account-deleted')` then `loggedOut()`).
 */
export const NavigationPendingContext = createContext<(shown: { key: string }) => boolean>(() => false);

export function useIsNavigationPending(): (shown: { key: string }) => boolean {
  return useContext(NavigationPendingContext);
}

import { createContext, useContext } from 'react';

/**
 * Whether the router is already on its way somewhere, read from the router itself: its React state arrives in a
 * transition, later than a store update in the same tick (e.g. `navigate('/account-deleted')` then `loggedOut()`).
 */
export const NavigationPendingContext = createContext<() => boolean>(() => false);

export function useIsNavigationPending(): () => boolean {
  return useContext(NavigationPendingContext);
}

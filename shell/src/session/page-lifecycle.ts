import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const PAGE_BOUNCE_KEY = 'page-bounce-log';

/**
 * `?lb` turns on page-bounce logging for this tab (kept in sessionStorage): every navigation and every
 * visibility/pagehide event is written to console.debug with a timestamp and the time since load, so a tester can
 * see when a visitor left and from where.
 */
export function usePageBounceLog(): void {
  const location = useLocation();
  const enabled = isPageBounceLogOn(location.search);

  useEffect(() => {
    if (!enabled) return undefined;
    const log = (event: string) =>
      console.debug(
        `[lb] ${new Date().toISOString()} +${Math.round(performance.now())}ms ${event} ${window.location.pathname}`,
      );
    const onVisibility = () => log(`visibility:${document.visibilityState}`);
    const onHide = () => log('pagehide');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
    };
  }, [enabled]);

  useEffect(() => {
    if (enabled)
      console.debug(
        `[lb] ${new Date().toISOString()} +${Math.round(performance.now())}ms navigate ${location.pathname}`,
      );
  }, [enabled, location.pathname]);
}

function isPageBounceLogOn(search: string): boolean {
  try {
    if (new URLSearchParams(search).has('lb')) window.sessionStorage.setItem(PAGE_BOUNCE_KEY, '1');
    return window.sessionStorage.getItem(PAGE_BOUNCE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Tells the server a member's page went to the background (docs/product/calls-and-errors.md page-hidden beacon). */
export function useHiddenBeacon(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && typeof navigator.sendBeacon === 'function') {
        navigator.sendBeacon('/api/page-hidden.php', new Blob(['{}'], { type: 'application/json' }));
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [loggedIn]);
}

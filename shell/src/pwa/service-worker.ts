import type { i18n as I18n } from 'i18next';
import { PUSH_SW_PATH } from '@dating/shared';

/**
 * Registers the site's service worker (api `push-sw.ts`) on every visit once the page has loaded, so a visitor
 * who loses the connection later sees the translated offline page (docs/adr/0016-first-load-budget.md). When the language changes
 * the worker is told to fetch the offline page again in the new locale.
 */
export function registerServiceWorker(i18n: I18n): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  const tell = () =>
    void workers.ready.then((registration) =>
      registration.active?.postMessage({ type: 'locale', locale: i18n.language }),
    );
  const register = () => void workers.register(PUSH_SW_PATH).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  i18n.on('languageChanged', tell);
}

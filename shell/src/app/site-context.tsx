import { createContext, useContext } from 'react';
import type { Locale } from '@dating/shared';

/** Start-up facts that never change while the page lives (from the site-data block). */
export interface SiteContextValue {
  country: string | null;
  /**
   * The language of a page whose address names none (no lander slug), as chosen at start-up from the cookie, the
   * site's domain language or the server; null where unknown (tests, the server's rendering).
   */
  homeLocale: Locale | null;
}

export const SiteContext = createContext<SiteContextValue>({ country: null, homeLocale: null });

export function useSiteCountry(): string | null {
  return useContext(SiteContext).country;
}

export function useHomeLocale(): Locale | null {
  return useContext(SiteContext).homeLocale;
}

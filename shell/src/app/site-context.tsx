import { createContext, useContext } from 'react';

/** Start-up facts that never change while the page lives (from the site-data block). */
export interface SiteContextValue {
  country: string | null;
}

export const SiteContext = createContext<SiteContextValue>({ country: null });

export function useSiteCountry(): string | null {
  return useContext(SiteContext).country;
}

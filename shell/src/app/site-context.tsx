import { createContext, useContext } from 'react';

/** Where the member who loaded the page stood in their live event log then (site-data's `liveFrom`). */
export interface PageLive {
  from: string;
  /** That member's profile id: another member logged in later in this tab starts fresh. */
  memberId: number;
}

/** Start-up facts that never change while the page lives (from the site-data block). */
export interface SiteContextValue {
  country: string | null;
  live?: PageLive | null;
}

export const SiteContext = createContext<SiteContextValue>({ country: null });

/** The page's live log position for this member, or '' (a fresh stream) when the page was another's or had none. */
export function usePageLiveFrom(memberId: number | undefined): string {
  const live = useContext(SiteContext).live;
  return live && live.memberId === memberId ? live.from : '';
}

export function useSiteCountry(): string | null {
  return useContext(SiteContext).country;
}

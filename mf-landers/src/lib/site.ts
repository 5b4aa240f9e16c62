import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import {
  NICHE_VARIANTS,
  searchDefaults,
  useGetSettingsQuery,
  useCurrentUser,
  type NicheVariant,
  type Settings,
} from '@dating/shared';
import { trafficSource, visitorMayBrowse } from '@dating/shared';

export function nicheVariant(settings: Settings | undefined): NicheVariant {
  return (settings && NICHE_VARIANTS[settings.niche - 1]) || 'general';
}

/**
 * Who is looking and whether they may see real profiles: members always, visitors where the site allows logged-out
 * search (docs/product/member-model.md). Profiles are requested only then, so a visitor never triggers a 403 logout.
 */
export function useSite() {
  const { data: settings } = useGetSettingsQuery();
  const current = useCurrentUser();
  const user = current ?? null;
  // The router's address, not `window`'s: the same on the server (docs/adr/0030) and in the browser.
  const { search } = useLocation();
  const source = useMemo(() => trafficSource(search), [search]);
  // A member's profiles start from whom they are looking for, as on /members (docs/product/member-model.md, Search).
  const memberSearch = useMemo(
    () => (user && settings ? searchDefaults(user.profile, settings.niche) : {}),
    [user, settings],
  );
  return {
    settings,
    user,
    known: Boolean(settings && current !== undefined),
    mayBrowse: Boolean(user) || visitorMayBrowse(settings, source),
    /** Sent along with members.php for visitors, as the server checks the source itself. */
    source: user ? {} : source,
    /** A member's search defaults (gender, mutual, near), to spread into members.php queries; `{}` for a visitor. */
    memberSearch,
    variant: nicheVariant(settings),
  };
}

import type { Settings } from '@dating/shared';

/** Where the remotes keep the visit's tracking values (mf-account's signup form reads the same key). */
const TRACKING_STORAGE_KEY = 'signup-tracking';

/** A traffic source (network or ref) in the address or kept earlier in this visit (SPEC §3, §6). */
export function hasTrafficSource(search: string): boolean {
  const params = new URLSearchParams(search);
  if (params.get('network') || params.get('ref')) return true;
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(TRACKING_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return Boolean(stored.network || stored.ref);
  } catch {
    return false;
  }
}

/** SPEC §6: visitors may search where logged_out_search allows it, or with a traffic source where that is allowed. */
export function visitorMayBrowse(settings: Pick<Settings, 'logged_out_search' | 'logged_out_search_trafficsource'>, search: string): boolean {
  if (settings.logged_out_search !== 'none') return true;
  return settings.logged_out_search_trafficsource !== 'none' && hasTrafficSource(search);
}

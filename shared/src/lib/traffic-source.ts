import type { Settings } from '../contract';

/** The store mf-account's signup form also reads (sessionStorage `signup-tracking`, SPEC §3 tracking values). */
const STORAGE_KEY = 'signup-tracking';

export interface TrafficSource {
  network?: string;
  ref?: string;
}

/** The visit's traffic source: from the address (kept for the rest of the visit) or kept from earlier. */
export function trafficSource(search: string = window.location.search): TrafficSource {
  let stored: Record<string, string> = {};
  try {
    stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>;
  } catch {
    // No storage: only the address counts.
  }
  const params = new URLSearchParams(search);
  const source: TrafficSource = {};
  for (const key of ['network', 'ref'] as const) {
    const value = params.get(key)?.slice(0, 100) || stored[key];
    if (value) source[key] = value;
  }
  if (params.get('network') || params.get('ref')) {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...stored, ...source }));
    } catch {
      // Private mode: the values still go with this page's requests.
    }
  }
  return source;
}

/**
 * Whether a visitor may see members (SPEC §6): where logged-out search is on, or with a traffic source where the
 * site allows that. The server enforces it; asking only when allowed avoids a 403 that would log the session out.
 */
export function visitorMayBrowse(settings: Settings | undefined, source: TrafficSource): boolean {
  if (!settings) return false;
  if (settings.logged_out_search === 'other') return true;
  return settings.logged_out_search_trafficsource === 'other' && Boolean(source.network || source.ref);
}

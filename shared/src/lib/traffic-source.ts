import { TRACKING_KEYS, type Settings, type SignupTracking } from '../contract';

/** Where the visit's tracking values are kept (sessionStorage), for every app that reads them. */
const STORAGE_KEY = 'signup-tracking';

function readStored(): SignupTracking {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as SignupTracking) : {};
  } catch {
    return {};
  }
}

/**
 * The tracking values of this visit (docs/product/member-model.md network, ref, sub1–sub3). Values in the current address win and are
 * kept in sessionStorage, so they survive the visitor clicking around before signing up.
 */
export function captureTracking(search: string = window.location.search): SignupTracking {
  const params = new URLSearchParams(search);
  const tracking = readStored();
  let changed = false;
  for (const key of TRACKING_KEYS) {
    const value = params.get(key);
    if (value) {
      tracking[key] = value.slice(0, 100);
      changed = true;
    }
  }
  if (changed) {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tracking));
    } catch {
      // Private mode without storage: the values still go with this page's requests.
    }
  }
  return tracking;
}

export interface TrafficSource {
  network?: string;
  ref?: string;
}

/** The visit's traffic source (network, ref): from the address (kept for the rest of the visit) or kept earlier. */
export function trafficSource(search: string = window.location.search): TrafficSource {
  const { network, ref } = captureTracking(search);
  return { ...(network ? { network } : {}), ...(ref ? { ref } : {}) };
}

/**
 * Whether a visitor may see members (docs/product/member-model.md): where logged-out search is on, or with a traffic source where the
 * site allows that. The server enforces it; asking only when allowed avoids a 403 that would log the session out.
 */
export function visitorMayBrowse(settings: Settings | undefined, source: TrafficSource): boolean {
  if (!settings) return false;
  if (settings.logged_out_search === 'other') return true;
  return settings.logged_out_search_trafficsource === 'other' && Boolean(source.network || source.ref);
}

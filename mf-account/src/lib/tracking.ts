import { TRACKING_KEYS, type SignupTracking } from '@dating/shared';

const STORAGE_KEY = 'signup-tracking';

function readStored(): SignupTracking {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as SignupTracking) : {};
  } catch {
    return {};
  }
}

/**
 * The traffic source of this visit (SPEC §3 network, ref, sub1–sub3). Values in the current URL win and are kept in
 * sessionStorage, so they survive the visitor clicking around before signing up.
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
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tracking));
    } catch {
      // Private mode without storage: the values still go with this page's signup.
    }
  }
  return tracking;
}

export function hasTrafficSource(tracking: SignupTracking): boolean {
  return TRACKING_KEYS.some((key) => Boolean(tracking[key]));
}

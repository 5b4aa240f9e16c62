import { GEOLOCATION_MAX_AGE_MS } from '@dating/shared';

export interface Coordinates {
  lat: number;
  lon: number;
}
export type GeolocationFailure = 'unsupported' | 'denied' | 'unavailable';

const CACHE_KEY = 'geolocation';

function cached(now: number): Coordinates | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Coordinates & { at: number };
    return now - value.at < GEOLOCATION_MAX_AGE_MS ? { lat: value.lat, lon: value.lon } : null;
  } catch {
    return null;
  }
}

/** The browser's position, reused for an hour (SPEC §9) so the permission prompt and GPS fix are not repeated. */
export function locate(now = Date.now()): Promise<Coordinates> {
  const hit = cached(now);
  if (hit) return Promise.resolve(hit);
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    return Promise.reject<Coordinates>('unsupported' satisfies GeolocationFailure);
  }
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const coordinates = { lat: position.coords.latitude, lon: position.coords.longitude };
        try {
          localStorage.setItem(CACHE_KEY, JSON.stringify({ ...coordinates, at: now }));
        } catch {
          // No storage: the next visit asks again.
        }
        resolve(coordinates);
      },
      (error) =>
        reject(
          (error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable') satisfies GeolocationFailure,
        ),
      { maximumAge: GEOLOCATION_MAX_AGE_MS, timeout: 15_000 },
    );
  });
}

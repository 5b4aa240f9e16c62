import { useEffect, useState } from 'react';
import { GEOLOCATION_MAX_AGE_MS } from '@dating/shared';

export interface Coordinates {
  lat: number;
  lon: number;
}
export type GeolocationFailure = 'unsupported' | 'denied' | 'unavailable';
/**
 * The geolocation permission states of docs/product/notifications.md: `unsupported` (no geolocation in this browser), `unknown` (the
 * browser does not tell: no Permissions API), `granted`, `denied`, `prompt` (the browser will ask).
 */
export type GeolocationPermission = 'unsupported' | 'unknown' | 'granted' | 'denied' | 'prompt';

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

const supported = () => typeof navigator !== 'undefined' && Boolean(navigator.geolocation);

/** The permission as the browser states it now, with the status object to follow its changes (null if none). */
export async function readGeolocationPermission(): Promise<{
  state: GeolocationPermission;
  status: PermissionStatus | null;
}> {
  if (!supported()) return { state: 'unsupported', status: null };
  if (!navigator.permissions?.query) return { state: 'unknown', status: null };
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return { state: status.state, status };
  } catch {
    return { state: 'unknown', status: null };
  }
}

/** The permission state, kept current when the member changes it in the browser (or answers the prompt). */
export function useGeolocationPermission(): GeolocationPermission {
  const [state, setState] = useState<GeolocationPermission>(() => (supported() ? 'unknown' : 'unsupported'));
  useEffect(() => {
    let active = true;
    let status: PermissionStatus | null = null;
    const onChange = () => {
      if (active && status) setState(status.state);
    };
    void readGeolocationPermission().then((read) => {
      if (!active) return;
      setState(read.state);
      status = read.status;
      status?.addEventListener('change', onChange);
    });
    return () => {
      active = false;
      status?.removeEventListener('change', onChange);
    };
  }, []);
  return state;
}

/** The browser's position, reused for an hour (docs/product/constants.md) so the permission prompt and GPS fix are not repeated. */
export function locate(now = Date.now()): Promise<Coordinates> {
  const hit = cached(now);
  if (hit) return Promise.resolve(hit);
  if (!supported()) {
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

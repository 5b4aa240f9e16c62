import { act, renderHook, waitFor } from '@testing-library/react';
import { GEOLOCATION_MAX_AGE_MS } from '@dating/shared';
import { locate, readGeolocationPermission, useGeolocationPermission } from './geolocation';

// The browser's geolocation and Permissions APIs are the edge of these tests: each case installs what a browser
// would have.
const original = { geolocation: navigator.geolocation, permissions: navigator.permissions };
function install(geolocation: unknown, permissions: unknown) {
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  Object.defineProperty(navigator, 'permissions', { value: permissions, configurable: true });
}
afterEach(() => {
  install(original.geolocation, original.permissions);
  localStorage.clear();
});

class FakeStatus extends EventTarget {
  constructor(public state: PermissionState) {
    super();
  }
  set(state: PermissionState) {
    this.state = state;
    this.dispatchEvent(new Event('change'));
  }
}
const positionAt = (lat: number, lon: number) => ({
  getCurrentPosition: jest.fn((ok: PositionCallback) =>
    ok({ coords: { latitude: lat, longitude: lon } } as GeolocationPosition),
  ),
});

describe('geolocation permission states', () => {
  test('unsupported without navigator.geolocation', async () => {
    install(undefined, undefined);
    expect((await readGeolocationPermission()).state).toBe('unsupported');
    await expect(locate()).rejects.toBe('unsupported');
  });

  test('unknown when the browser has no Permissions API, or it refuses the query', async () => {
    install(positionAt(52, 4), undefined);
    expect((await readGeolocationPermission()).state).toBe('unknown');
    install(positionAt(52, 4), { query: () => Promise.reject(new TypeError('not supported')) });
    expect((await readGeolocationPermission()).state).toBe('unknown');
  });

  test.each(['granted', 'denied', 'prompt'] as const)(
    '%s as the Permissions API states it',
    async (state) => {
      install(positionAt(52, 4), { query: () => Promise.resolve(new FakeStatus(state)) });
      expect((await readGeolocationPermission()).state).toBe(state);
    },
  );

  test('the hook follows a change the member makes (answering the prompt)', async () => {
    const status = new FakeStatus('prompt');
    install(positionAt(52, 4), { query: () => Promise.resolve(status) });
    const { result } = renderHook(() => useGeolocationPermission());
    await waitFor(() => expect(result.current).toBe('prompt'));
    act(() => status.set('granted'));
    expect(result.current).toBe('granted');
    act(() => status.set('denied'));
    expect(result.current).toBe('denied');
  });
});

describe('the position is kept for an hour', () => {
  test('a second call within the hour does not ask the browser again; after it, it does', async () => {
    const geolocation = positionAt(52.37, 4.89);
    install(geolocation, undefined);
    const start = 1_000_000;
    expect(await locate(start)).toEqual({ lat: 52.37, lon: 4.89 });
    expect(await locate(start + GEOLOCATION_MAX_AGE_MS - 1)).toEqual({ lat: 52.37, lon: 4.89 });
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    await locate(start + GEOLOCATION_MAX_AGE_MS);
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(2);
  });

  test('a refusal is denied, any other failure unavailable', async () => {
    const failing = (code: number) => ({
      getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
        fail({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError),
    });
    install(failing(1), undefined);
    await expect(locate()).rejects.toBe('denied');
    install(failing(3), undefined);
    await expect(locate()).rejects.toBe('unavailable');
  });
});

import { ACCOUNT_PATHS, REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE } from '@dating/shared';

/** Push states of SPEC §4 (plus `unsupported` when the browser has no Push API). */
export type PushState = 'unsupported' | 'unknown' | 'subscribed' | 'denied' | 'not_subscribed';

/** The push service worker the server serves at the site root (its scope must cover the whole site). */
export const PUSH_SW_PATH = '/push-sw.js';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export async function readPushState(subscribedOnServer: boolean): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (subscribedOnServer && Notification.permission === 'granted') return 'subscribed';
  const registration = await navigator.serviceWorker.getRegistration(PUSH_SW_PATH).catch(() => undefined);
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  return subscription ? 'subscribed' : 'not_subscribed';
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks permission, subscribes through the service worker and stores the subscription (SPEC §7). */
export async function enablePush(publicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'not_subscribed';
  const registration = await navigator.serviceWorker.register(PUSH_SW_PATH);
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const response = await fetch(`/api/${ACCOUNT_PATHS.push}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', [REQUEST_TYPE_HEADER]: REQUEST_TYPE_VALUE },
    body: JSON.stringify(subscription.toJSON()),
  });
  return response.ok ? 'subscribed' : 'not_subscribed';
}

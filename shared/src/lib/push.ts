import { ACCOUNT_PATHS } from '../contract';
import { REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE } from '../api/base-query';

/** Push states of docs/product/notifications.md (plus `unsupported` when the browser has no Push API). */
export type PushState = 'unsupported' | 'unknown' | 'subscribed' | 'denied' | 'not_subscribed';

/**
 * What a try to switch push on ended in, so the page can say it: `dismissed` = the permission
 * prompt was closed without an answer; `failed` carries the reason (the browser's or the server's message).
 */
export type PushOutcome =
  | { result: 'subscribed' }
  | { result: 'denied' }
  | { result: 'unsupported' }
  | { result: 'dismissed' }
  | { result: 'failed'; reason: string };

/** The push service worker the server serves at the site root (its scope must cover the whole site). */
export const PUSH_SW_PATH = '/push-sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export async function readPushState(subscribedOnServer: boolean): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (subscribedOnServer && Notification.permission === 'granted') return 'subscribed';
  const registration = await navigator.serviceWorker.getRegistration(PUSH_SW_PATH).catch(() => undefined);
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  return subscription ? 'subscribed' : 'not_subscribed';
}

/** The docs/product/member-model.md state an outcome leaves behind. */
export function pushStateAfter(outcome: PushOutcome): PushState {
  if (outcome.result === 'subscribed' || outcome.result === 'denied' || outcome.result === 'unsupported')
    return outcome.result;
  return 'not_subscribed';
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const reasonOf = (err: unknown) =>
  (err instanceof Error ? err.message || err.name : String(err)) || 'unknown error';

async function serverReason(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? `HTTP ${response.status}`;
}

/**
 * Asks permission, subscribes through the service worker and stores the subscription (docs/product/calls-and-errors.md). Never throws:
 * every way it can end is an outcome the caller shows.
 */
export async function enablePush(publicKey: string): Promise<PushOutcome> {
  if (!pushSupported()) return { result: 'unsupported' };
  try {
    const permission = await Notification.requestPermission();
    if (permission === 'denied') return { result: 'denied' };
    if (permission !== 'granted') return { result: 'dismissed' };
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
    if (!response.ok) return { result: 'failed', reason: await serverReason(response) };
    return { result: 'subscribed' };
  } catch (err) {
    return { result: 'failed', reason: reasonOf(err) };
  }
}

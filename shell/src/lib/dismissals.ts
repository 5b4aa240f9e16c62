/**
 * Stored dismissal flags of docs/product/notifications.md; each holds the unix time (seconds) of the dismissal. A member's are also kept
 * on the server (banners/use-dismissal.ts); this device's copy answers at once.
 */
export const DISMISSAL_KEYS = {
  enrich: 'hide-enrich-alert',
  push: 'hide-push-notification-alert',
  disabledNotifications: 'hide-disabled-notifications-alert',
  timeBonus: 'hide-time-bonus-modal',
  welcomeBonus: 'hide-welcome-bonus-alert',
  siteEntry: 'site-entry-warning-closed',
} as const;
export type DismissalKey = (typeof DISMISSAL_KEYS)[keyof typeof DISMISSAL_KEYS];

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function dismissedAt(key: DismissalKey): number | null {
  const value = Number(storage()?.getItem(key) ?? NaN);
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function isDismissed(key: DismissalKey): boolean {
  return dismissedAt(key) !== null;
}

export function dismiss(key: DismissalKey, nowMs = Date.now()): void {
  storage()?.setItem(key, String(Math.floor(nowMs / 1000)));
}

// The dismissals area's plain values (no TypeBox: browser code runs them, the contract index carries them). The
// calls' schemas and types are `contract/dismissals.ts`, which re-exports these.
/**
 * The banners a member closed (docs/product/notifications.md "stored dismissal flags holding a unix time"), kept per member on the server
 * so a closed alert stays closed on every device (docs/adr/0029-phone-first-banners-and-settings.md).
 * `GET /api/dismissals.php` → DismissalsResponse; `PUT /api/dismissals.php` { key } → DismissalsResponse.
 */
export const DISMISSAL_FLAGS = [
  'hide-enrich-alert',
  'hide-push-notification-alert',
  'hide-disabled-notifications-alert',
  'hide-time-bonus-modal',
  'hide-welcome-bonus-alert',
] as const;
export type DismissalFlag = (typeof DISMISSAL_FLAGS)[number];

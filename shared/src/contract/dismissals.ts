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

// The shapes are the TypeBox schemas of `schemas/dismissals.ts` (the api's source), imported here as types only.
export type { DismissalsResponse, DismissRequest } from './schemas/dismissals';

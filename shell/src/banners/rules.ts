import { TIME_BONUS_WINDOW_S, type User } from '@dating/shared';
import type { PushState } from '@dating/shared';

// The site-entry warning's rule is a visitor's, in the shell's first chunk; the member rules here are loaded with
// the member banners (docs/adr/0016-first-load-budget.md).
export { ENTRY_WARNING_HIDDEN, showEntryWarning } from './entry-rule';

/** docs/product/routes-and-layouts.md names 'settings'; here that is the own profile/settings page and the language configuration. */
const SETTINGS = ['profile', 'lang-config'];

const hiddenOn = (routeName: string, names: readonly string[]) => names.includes(routeName);

export const PROFILE_PHOTO_ALERT_HIDDEN = [
  'profile',
  'signup',
  'activate-done',
  'premium',
  'notifications',
  'directdebit',
  ...SETTINGS,
];
export const PUSH_ALERT_HIDDEN = ['signup', 'notifications', 'activate-done', 'directdebit', 'premium'];
export const DISABLED_NOTIFICATIONS_HIDDEN = ['notifications', ...SETTINGS];
export const ACTIVATION_REMINDER_HIDDEN = ['signup', 'notifications', ...SETTINGS];

/** The credits, package, checkout, receipt and other payment pages: only what concerns payment is shown there. */
export const PAYMENT_PAGES = [
  'credits',
  'credits-repeat-order',
  'credits-id-paymentmethod',
  'transactions-id',
  'directdebit',
  'premium',
  'pricing',
];
export const onPaymentPage = (routeName: string): boolean => hiddenOn(routeName, PAYMENT_PAGES);

export function showProfilePhotoAlert(user: User | null, routeName: string, dismissed: boolean): boolean {
  return (
    user !== null &&
    !user.profile.main_image &&
    !dismissed &&
    !hiddenOn(routeName, PROFILE_PHOTO_ALERT_HIDDEN)
  );
}

export function showPushAlert(input: {
  user: User | null;
  push: PushState;
  routeName: string;
  dismissed: boolean;
  publicKey: string;
}): boolean {
  const possible = input.push === 'unknown' || input.push === 'not_subscribed';
  return (
    input.user !== null &&
    possible &&
    !!input.publicKey &&
    !input.dismissed &&
    !hiddenOn(input.routeName, PUSH_ALERT_HIDDEN)
  );
}

export function showDisabledNotificationsAlert(
  user: User | null,
  routeName: string,
  dismissed: boolean,
): boolean {
  return (
    user !== null &&
    user.notifications_disabled.length > 0 &&
    !dismissed &&
    !hiddenOn(routeName, DISABLED_NOTIFICATIONS_HIDDEN)
  );
}

/** The member still has to click the activation link: not_confirmed, profile disabled, mail not blocked. */
export function needsActivation(user: User | null): boolean {
  return (
    user !== null &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.length === 0
  );
}

export function showActivationReminder(user: User | null, routeName: string): boolean {
  return needsActivation(user) && !hiddenOn(routeName, ACTIVATION_REMINDER_HIDDEN);
}

/**
 * docs/product/credits-and-payments.md: the time bonus exists only for a logged-in, non-paid user within 14400 s of signup. Returns the
 * whole seconds left, or null when there is no bonus.
 */
export function timeBonusSecondsLeft(user: User | null, nowMs: number): number | null {
  if (user === null || user.paid_user) return null;
  const signup = Date.parse(user.signup_date);
  if (Number.isNaN(signup)) return null;
  const left = TIME_BONUS_WINDOW_S - Math.floor((nowMs - signup) / 1000);
  return left > 0 ? Math.min(left, TIME_BONUS_WINDOW_S) : null;
}

/** hours:minutes:seconds, e.g. 3:59:07. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

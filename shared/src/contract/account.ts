/**
 * The accounts calls: signup, activation, recovery, profile, photos, notification preferences,
 * blocking, deletion, data export, complaints and push. docs/product/calls-and-errors.md lists these as "not shown"; they follow the site's
 * style (docs/adr/0007-server-by-domain.md): `/api/<noun>.php`, JSON bodies (login alone takes a form body, see `LoginRequest` in
 * `user.ts`), state-changing calls carry `X-Requested-With: XMLHttpRequest`, errors are an HTTP status plus
 * `ApiErrorBody` whose `message` is already translated.
 *
 * Paths in `ACCOUNT_PATHS` are relative to `/api/` (the browser's base query prefixes it; the server registers
 * `/api/${path}`). "logged in" means the call needs a session and answers 403 `auth_required` without one.
 * "→ 204" means an empty answer.
 */
import type { Static } from 'typebox';
import type {
  MailChangeSchema,
  PasswordChangeSchema,
  PasswordResetDoSchema,
  PasswordResetSchema,
} from '../forms/account';
// The shapes are the TypeBox schemas of `schemas/account.ts` (the api's source); the names below are their
// `Static<>` types, imported as types only so that no browser bundle gains the schema builder.
import type * as S from './schemas/account';

export const ACCOUNT_PATHS = {
  signup: 'signup.php',
  profile: 'profile.php',
  activate: 'activate.php',
  activationMail: 'activation-mail.php',
  passwordReset: 'password-reset.php',
  passwordResetDo: 'password-reset-do.php',
  password: 'password.php',
  mailChange: 'mail-change.php',
  mailChangeDo: 'mail-change-do.php',
  photos: 'photos.php',
  notifications: 'notifications.php',
  blocks: 'blocks.php',
  block: 'block.php',
  accountDelete: 'account-delete.php',
  accountReactivate: 'account-reactivate.php',
  accountExport: 'account-export.php',
  complaints: 'complaints.php',
  /** `POST user.php?push=1` (docs/product/calls-and-errors.md). */
  push: 'user.php?push=1',
} as const;
export type AccountPath = (typeof ACCOUNT_PATHS)[keyof typeof ACCOUNT_PATHS];

// ---------------------------------------------------------------------------------------------------------------
// Bounds the spec leaves open ("not shown"), shared so browser and server check the same thing.

/** Minimum password length (ASVS level 2 allows 8 with a breached-password check; the demo uses `Demo-1234`). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 30;
export const ABOUT_MAX_LENGTH = 2000;
export const COMPLAINT_MESSAGE_MAX_LENGTH = 5000;
/** Photo uploads: checked by content on the server, by type and size in the browser too. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Multipart field name of a photo upload. */
export const PHOTO_FIELD = 'photo';
/** Query parameters kept from the landing URL and sent with the signup (docs/product/member-model.md "tracking values kept"). */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type SignupTracking = Partial<Record<TrackingKey, string>>;
/** `SignupRequest.source`: longer values are cut by the client and refused by the server. */
export const SIGNUP_SOURCE_MAX_LENGTH = 50;

// ---------------------------------------------------------------------------------------------------------------
// Signup (docs/product/README.md, docs/product/member-model.md)

/**
 * `POST /api/signup.php` — JSON `SignupRequest` → 201 `SignupResponse`.
 *
 * Creates the account, logs it in (session cookie set) with `user.status = 'not_confirmed'` and mails the
 * activation link (`/activate/done?token=…`, single use, expiring). The server derives `profile.sexuality` from
 * `gender` and `seeking` (male+female → hetero, male+male → gay, female+female → lesbian).
 *
 * Errors (`error.field` names the input):
 * - 400 `name_equals_email` (name), `name_starts_with_at` (name), `validation` (name: empty / too long; gender)
 * - 400 `birthdate_required` (date_of_birth, params `{ min_age }`: missing or younger than settings.min_age)
 * - 400 `birthdate_invalid` (date_of_birth: not a real date)
 * - 400 `email_invalid` (email), `password_too_short` (password, params `{ min }`)
 * - 403 `signups_closed` (settings.signups is `none`, or `with_trafficsource` and no tracking value was sent)
 * - 409 `email_taken` (email: an active account exists; the client shows the message with a login link) —
 *   `account_exists` may be used instead with the same meaning
 * - 409 `account_deleted_pending` (email: a deleted account within its 14 restore days; the server mails a new
 *   reactivation link, the client says so)
 * - 429 `rate_limited`
 *
 * "Did you mean" for mistyped email domains is done in the browser; there is no call for it.
 */
export type SignupRequest = S.SignupRequest;
export type SignupResponse = S.SignupResponse;

// ---------------------------------------------------------------------------------------------------------------
// Profile: signup steps 1–4, /profile, invisible mode

/**
 * `PUT /api/profile.php` — logged in; JSON `ProfileUpdateRequest` (only the fields to change) → 200
 * `ProfileUpdateResponse`. Used by signup steps 2 (location), 3 (personal info), 4 (about me), the /profile page
 * and the invisible-mode toggle.
 *
 * Errors: 400 `validation` (field: an unknown option, a too long text), `name_equals_email`,
 * `name_starts_with_at`, `birthdate_required` (params `{ min_age }`), `birthdate_invalid`.
 */
export type ProfileUpdateRequest = S.ProfileUpdateRequest;
export type ProfileUpdateResponse = S.SignupResponse;

/** Reasons a member gives on the profile form ("what are you looking for"): option keys, translated in the UI. */
export const PROFILE_REASONS = [
  'chat',
  'dating',
  'relationship',
  'friendship',
  'adventure',
  'other',
] as const;
export type ProfileReason = (typeof PROFILE_REASONS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Activation (docs/product/member-model.md)

/**
 * `POST /api/activate.php` — JSON `{ token }` (from the link `/activate/done?token=…`) → 200 `ActivateResponse`:
 * the account is confirmed and the session logged in as that user.
 * Errors: 400 `activation_failed` (unknown, used or expired token).
 */
export type ActivateRequest = S.TokenRequest;
export type ActivateResponse = S.SignupResponse;
/**
 * `POST /api/activation-mail.php` — logged in, no body → 204: sends a new activation link (earlier links stop
 * working). Errors: 409 `validation` when already confirmed, 429 `rate_limited`.
 */
export type ActivationMailRequest = void;

// ---------------------------------------------------------------------------------------------------------------
// Password reset and change

/**
 * `POST /api/password-reset.php` — JSON `{ email }` → 204: mails a single-use, expiring link
 * `/reset-password/do?token=…`.
 * Errors: 400 `email_invalid`, 404 `email_not_found` ('E-mailadres niet gevonden'), 429 `reset_limit`
 * (daily limit: 'Te veel wachtwoordherstel mails verstuurd, …').
 */
export type PasswordResetRequest = Static<typeof PasswordResetSchema>;
/**
 * `POST /api/password-reset-do.php` — JSON `PasswordResetDoRequest` → 204. Sets the password and ends every
 * session of the member (the client then logs in at /login).
 * Errors: 400 `passwords_differ` (password_repeat), 400 `password_too_short` (password, params `{ min }`),
 * 400 `link_invalid` (token unknown, used or expired: 'Link verlopen of invalide, …').
 */
export type PasswordResetDoRequest = Static<typeof PasswordResetDoSchema>;
/**
 * `PUT /api/password.php` — logged in; JSON `{ old_password, password }` → 204. Other sessions end.
 * Errors: 400 `old_password_wrong` (old_password: 'Controleer je oude wachtwoord.'), 400 `password_too_short`.
 */
export type PasswordChangeRequest = Static<typeof PasswordChangeSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Email change (docs/product/member-model.md: confirmed from a link sent to the new address; the old address is told)

/**
 * `POST /api/mail-change.php` — logged in; JSON `{ email, password }` → 204: mails a confirmation link
 * `/mail-change/do?token=…` to the new address.
 * Errors: 400 `new_email_invalid` (email: 'Nieuw e-mailadres invalide.'), 409 `email_taken` (email),
 * 400 `password_wrong` (password).
 */
export type MailChangeRequest = Static<typeof MailChangeSchema>;
/**
 * `POST /api/mail-change-do.php` — JSON `{ token }` (logged in or not) → 200 `MailChangeDoResponse`: the new
 * address is the member's login from now on; a logged-in client refetches `user.php`.
 * Errors: 400 `link_invalid`, 409 `email_taken` (someone took the address meanwhile).
 */
export type MailChangeDoRequest = S.TokenRequest;
export type MailChangeDoResponse = S.MailChangeDoResponse;

// ---------------------------------------------------------------------------------------------------------------
// Photos (docs/product/README.md, docs/product/member-model.md, docs/product/constants.md: 3 free, 25 premium; new photos are under inspection)

/** One own photo: a `ProfileImage` plus whether it is the main image. */
export type OwnPhoto = S.OwnPhoto;
/** Every photos call answers the member's whole list, so the client replaces its cache. */
export type PhotosResponse = S.PhotosResponse;
/**
 * - `GET /api/photos.php` — logged in → 200 `PhotosResponse`.
 * - `POST /api/photos.php` — logged in; `multipart/form-data` with one file in field `photo` (PHOTO_FIELD) →
 *   201 `PhotosResponse`. The new photo has `status: 'inspection'` until a moderator approves it; the first photo
 *   becomes the main image. Errors: 403 `photo_limit` (params `{ limit }`: 'Foto-limiet bereikt'),
 *   400 `photo_invalid` (not a JPEG/PNG/WebP by content, or too many pixels), 413 `photo_too_large`
 *   (more than PHOTO_MAX_BYTES).
 * - `PUT /api/photos.php` — logged in; JSON `{ id, main: true }` → 200 `PhotosResponse`. Errors: 404 `not_found`.
 * - `DELETE /api/photos.php` — logged in; JSON `{ id }` → 200 `PhotosResponse` (deleting the main image makes the
 *   next photo main). Errors: 404 `not_found`.
 * Each change also changes `user.profile.main_image`, so clients refetch `user.php`.
 */
export type PhotoMainRequest = S.PhotoMainRequest;
export type PhotoDeleteRequest = S.PhotoDeleteRequest;

// ---------------------------------------------------------------------------------------------------------------
// Notification preferences (docs/product/notifications.md)

export type NotificationPreferences = S.NotificationPreferences;
/**
 * `GET /api/notifications.php` — logged in → 200 `NotificationsResponse`.
 * `PUT /api/notifications.php` — logged in; JSON `NotificationsUpdateRequest` → 200 `NotificationsResponse`.
 * `{ reenable: true }` clears `disabled_reason` and `user.notifications_disabled` (the member asks for email
 * again after a bounce, spam complaint or list-unsubscribe). Errors: 400 `validation`.
 */
export type NotificationsResponse = S.NotificationsResponse;
export type NotificationsUpdateRequest = S.NotificationsUpdateRequest;

// ---------------------------------------------------------------------------------------------------------------
// Blocking (docs/product/member-model.md)

export type BlockedMember = S.BlockedMember;
/**
 * - `GET /api/blocks.php` — logged in → 200 `BlocksResponse`.
 * - `POST /api/block.php` — logged in; JSON `{ profile_id }` → 204. Removes chats and likes between the two; the
 *   blocked member can no longer see or contact the blocker. Errors: 404 `not_found`, 400 `validation` (self).
 * - `DELETE /api/block.php` — logged in; JSON `{ profile_id }` → 204 (idempotent).
 */
export type BlocksResponse = S.BlocksResponse;
export type BlockRequest = S.BlockRequest;

// ---------------------------------------------------------------------------------------------------------------
// Deletion, reactivation, data export (docs/product/README.md, docs/product/member-model.md)

export const DELETE_REASONS = [
  'found_partner',
  'no_matches',
  'too_expensive',
  'too_many_messages',
  'privacy',
  'not_using',
  'other',
] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];
/** What the page offers instead of deleting: go invisible, fewer emails, a discount on credits. */
export const DELETE_ALTERNATIVES = ['invisible', 'notifications', 'discount'] as const;
export type DeleteAlternative = (typeof DELETE_ALTERNATIVES)[number];

/**
 * `GET /api/account-delete.php` — logged in → 200 `AccountDeleteInfo`.
 * `POST /api/account-delete.php` — logged in; JSON `AccountDeleteRequest` → 200 `AccountDeleteResponse`; the
 * session ends, a reactivation link `/account-deleted?reactivate=<token>` valid 14 days is mailed, after which a
 * scheduled job erases personal data and photos. Errors: 400 `password_wrong` (password), 400 `validation`
 * (reason).
 * `POST /api/account-reactivate.php` — JSON `{ token }` → 200 `{ user }` and logged in.
 * Errors: 400 `link_invalid` (unknown, used, or older than 14 days).
 */
export type AccountDeleteInfo = S.AccountDeleteInfo;
export type AccountDeleteRequest = S.AccountDeleteRequest;
export type AccountDeleteResponse = S.AccountDeleteResponse;
export type AccountReactivateRequest = S.TokenRequest;
export type AccountReactivateResponse = S.SignupResponse;
/**
 * `GET /api/account-export.php` — logged in → 200 `AccountExport` as a download
 * (`Content-Disposition: attachment; filename="account-<id>.json"`). Everything stored about the member.
 */
export type AccountExport = S.AccountExport;

// ---------------------------------------------------------------------------------------------------------------
// Complaints (docs/product/routes-and-layouts.md /complaints)

/**
 * `POST /api/complaints.php` — JSON `ComplaintRequest` (logged in or not) → 201 `{ id }`. Stored and mailed to
 * settings.support_email. Errors: 400 `email_invalid` (email), 400 `validation` (field: empty name, subject or
 * message; message longer than COMPLAINT_MESSAGE_MAX_LENGTH), 429 `rate_limited`.
 */
export type ComplaintRequest = S.ComplaintRequest;
export type ComplaintResponse = S.ComplaintResponse;

// ---------------------------------------------------------------------------------------------------------------
// Push (docs/product/calls-and-errors.md `POST /api/user.php?push=1`)

/**
 * `POST /api/user.php?push=1` — logged in; JSON: the browser's `PushSubscription.toJSON()` → 204. Afterwards
 * `user.push_subscribed` is true (polling slows to 300 s). Errors: 400 `validation`.
 */
export type PushSubscriptionRequest = S.PushSubscriptionRequest;

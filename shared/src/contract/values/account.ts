/**
 * The accounts area's plain values: paths, bounds and option lists that browser code needs at run time (no TypeBox
 * here, so the contract index can carry them into every bundle). The calls' shapes and their documentation are the
 * schemas of `contract/account.ts`, which re-exports these.
 *
 * Paths in `ACCOUNT_PATHS` are relative to `/api/` (the browser's base query prefixes it; the server registers
 * `/api/${path}`).
 */
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

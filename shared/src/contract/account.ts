/**
 * The accounts calls: signup, activation, recovery, profile, photos, notification preferences, blocking, deletion,
 * data export, complaints and push. docs/product/calls-and-errors.md lists these as "not shown"; they follow the
 * site's style (docs/adr/0007-server-by-domain.md): `/api/<noun>.php`, JSON bodies (login alone takes a form body,
 * `LoginRequest`), state-changing calls carry `X-Requested-With: XMLHttpRequest`, errors are an HTTP status plus
 * `ApiErrorBody` whose `message` is already translated. "logged in" means the call needs a session and answers 403
 * `auth_required` without one; "→ 204" means an empty answer.
 *
 * One module for the area (docs/adr/0022-forms-and-schemas.md, addendum): every request and answer as a TypeBox
 * schema with its `Static<>` type, and (re-exported) the area's plain values (`values/account.ts`: paths, bounds,
 * option lists the browser runs) and the member forms' JSON-Schema literals (`forms/account.ts`, which the browser's
 * resolvers read too). Browser code imports it as types only.
 */
import { Type, type Static } from 'typebox';
import { LoginSchema, ProfileFormSchema, type SignupSchema } from '../forms/account';
import { GenderSchema, Id, Nullable, StringEnum } from './common';
import { ProfileImageSchema, ProfileSchema, SexualitySchema } from './profile';
import { NotificationTypeSchema, NotificationsDisabledReasonSchema, UserSchema } from './user';
import {
  COMPLAINT_MESSAGE_MAX_LENGTH,
  DELETE_ALTERNATIVES,
  DELETE_REASONS,
  PASSWORD_MAX_LENGTH,
  TRACKING_KEYS,
} from './values/account';
import { BODY_TYPES, EYE_COLORS, HAIR_COLORS, INTERESTS, RELATIONSHIP_STATUSES } from './values/profile';
import { NOTIFICATION_TYPES } from './values/user';

export * from './values/account';
export * from '../forms/account';

/** Long enough for any real input; the services check the exact rules and answer with catalogue codes. */
export const Text = (max: number) => Type.String({ maxLength: max });
export const EmailInput = Text(320);
export const PasswordInput = Text(PASSWORD_MAX_LENGTH * 4);
export const TokenInput = Type.String({ minLength: 1, maxLength: 200 });

/** `{ token }` of a mailed link: activation, email change, reactivation. */
export const TokenRequestSchema = Type.Object({ token: TokenInput });
/**
 * `POST /api/activate.php` — JSON `{ token }` (from the link `/activate/done?token=…`) → 200 `ActivateResponse`:
 * the account is confirmed and the session logged in as that user.
 * Errors: 400 `activation_failed` (unknown, used or expired token).
 *
 * `POST /api/mail-change-do.php` — JSON `{ token }` (logged in or not) → 200 `MailChangeDoResponse`: the new
 * address is the member's login from now on; a logged-in client refetches `user.php`.
 * Errors: 400 `link_invalid`, 409 `email_taken` (someone took the address meanwhile).
 */
export type TokenRequest = Static<typeof TokenRequestSchema>;

// Signup --------------------------------------------------------------------------------------------------------

/**
 * The client always sends the birth date; the server takes a body without it (`birthdate_required`).
 *
 * `POST /api/signup.php` — JSON `SignupRequest` (the body's schema is the form's `SignupSchema`) → 201 `UserAnswer`.
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
export type SignupRequest = Omit<Static<typeof SignupSchema>, 'date_of_birth'> & {
  /** ISO date `YYYY-MM-DD`. */
  date_of_birth: string;
};

// Profile -------------------------------------------------------------------------------------------------------

export const ProfileUpdateRequestSchema = Type.Object({
  name: Type.Optional(ProfileFormSchema.properties.name),
  gender: Type.Optional(GenderSchema),
  sexuality: Type.Optional(SexualitySchema),
  /** Alternative to `sexuality` as asked at signup; the server derives sexuality from gender + seeking. */
  seeking: Type.Optional(GenderSchema),
  /** ISO date `YYYY-MM-DD`. */
  date_of_birth: Type.Optional(ProfileFormSchema.properties.date_of_birth),
  /** ISO country code, one of settings.countries. */
  country: Type.Optional(Type.String({ minLength: 2, maxLength: 2 })),
  /** `Region.code` of `/api/regions.php` (its name is accepted too); `Profile.region` then holds the name. */
  region: Type.Optional(Nullable(Text(100))),
  city: Type.Optional(Nullable(Text(200))),
  reason: Type.Optional(Nullable(Text(400))),
  hair_color: Type.Optional(Nullable(StringEnum(HAIR_COLORS))),
  eye_color: Type.Optional(Nullable(StringEnum(EYE_COLORS))),
  body_type: Type.Optional(Nullable(StringEnum(BODY_TYPES))),
  relationship_status: Type.Optional(Nullable(StringEnum(RELATIONSHIP_STATUSES))),
  tattoos: Type.Optional(Nullable(Type.Boolean())),
  interests: Type.Optional(Type.Array(StringEnum(INTERESTS), { maxItems: INTERESTS.length })),
  /** "About me" (signup step 4), at most ABOUT_MAX_LENGTH characters. */
  about: Type.Optional(Nullable(Text(4000))),
  /** Invisible mode (docs/product/member-model.md): hidden from search and likes while on. */
  invisible: Type.Optional(Type.Boolean()),
});
/**
 * `PUT /api/profile.php` — logged in; JSON `ProfileUpdateRequest` (only the fields to change) → 200
 * `ProfileUpdateResponse`. Used by signup steps 2 (location), 3 (personal info), 4 (about me), the /profile page
 * and the invisible-mode toggle.
 *
 * Errors: 400 `validation` (field: an unknown option, a too long text), `name_equals_email`,
 * `name_starts_with_at`, `birthdate_required` (params `{ min_age }`), `birthdate_invalid`.
 */
export type ProfileUpdateRequest = Static<typeof ProfileUpdateRequestSchema>;

// Email change --------------------------------------------------------------------------------------------------

export const MailChangeDoResponseSchema = Type.Object({ email: Type.String() });
export type MailChangeDoResponse = Static<typeof MailChangeDoResponseSchema>;

// Photos --------------------------------------------------------------------------------------------------------

/** One own photo: a `ProfileImage` plus whether it is the main image. */
export const OwnPhotoSchema = Type.Object({
  ...ProfileImageSchema.properties,
  main: Type.Boolean(),
  /** ISO date-time of the upload. */
  uploaded_at: Type.String(),
});
/** One own photo: a `ProfileImage` plus whether it is the main image. */
export type OwnPhoto = Static<typeof OwnPhotoSchema>;
/** Every photos call answers the member's whole list, so the client replaces its cache. */
export const PhotosResponseSchema = Type.Object({
  photos: Type.Array(OwnPhotoSchema),
  /** 3 for free members, 25 for premium (FREE_PHOTO_LIMIT / PREMIUM_PHOTO_LIMIT). */
  limit: Type.Integer(),
});
/** Every photos call answers the member's whole list, so the client replaces its cache. */
export type PhotosResponse = Static<typeof PhotosResponseSchema>;
export const PhotoMainRequestSchema = Type.Object({ id: Id, main: Type.Literal(true) });
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
export type PhotoMainRequest = Static<typeof PhotoMainRequestSchema>;
export const PhotoDeleteRequestSchema = Type.Object({ id: Id });
export type PhotoDeleteRequest = Static<typeof PhotoDeleteRequestSchema>;

// Notification preferences --------------------------------------------------------------------------------------

type PreferenceMap<T> = Record<(typeof NOTIFICATION_TYPES)[number], T>;
export const NotificationPreferencesSchema = Type.Object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Type.Boolean()])) as PreferenceMap<
    ReturnType<typeof Type.Boolean>
  >,
);
export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;
const PartialPreferencesSchema = Type.Object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Type.Optional(Type.Boolean())])) as PreferenceMap<
    ReturnType<typeof Type.Optional<ReturnType<typeof Type.Boolean>>>
  >,
);
export const NotificationsResponseSchema = Type.Object({
  preferences: NotificationPreferencesSchema,
  /** Types the system switched off; equals `user.notifications_disabled`. */
  disabled: Type.Array(NotificationTypeSchema),
  /** Why the system switched email off, or null when it did not. */
  disabled_reason: Nullable(NotificationsDisabledReasonSchema),
  /** The address the notifications go to, shown with the re-enable action. */
  email: Type.String(),
});
/**
 * `GET /api/notifications.php` — logged in → 200 `NotificationsResponse`.
 * `PUT /api/notifications.php` — logged in; JSON `NotificationsUpdateRequest` → 200 `NotificationsResponse`.
 * `{ reenable: true }` clears `disabled_reason` and `user.notifications_disabled` (the member asks for email
 * again after a bounce, spam complaint or list-unsubscribe). Errors: 400 `validation`.
 */
export type NotificationsResponse = Static<typeof NotificationsResponseSchema>;
export const NotificationsUpdateRequestSchema = Type.Object({
  preferences: Type.Optional(PartialPreferencesSchema),
  reenable: Type.Optional(Type.Literal(true)),
});
export type NotificationsUpdateRequest = Static<typeof NotificationsUpdateRequestSchema>;

// Blocking ------------------------------------------------------------------------------------------------------

export const BlockedMemberSchema = Type.Object({
  profile: Type.Pick(ProfileSchema, ['id', 'name', 'age', 'main_image']),
  /** ISO date-time. */
  blocked_at: Type.String(),
});
export type BlockedMember = Static<typeof BlockedMemberSchema>;
export const BlocksResponseSchema = Type.Object({ blocks: Type.Array(BlockedMemberSchema) });
/**
 * - `GET /api/blocks.php` — logged in → 200 `BlocksResponse`.
 * - `POST /api/block.php` — logged in; JSON `{ profile_id }` → 204. Removes chats and likes between the two; the
 *   blocked member can no longer see or contact the blocker. Errors: 404 `not_found`, 400 `validation` (self).
 * - `DELETE /api/block.php` — logged in; JSON `{ profile_id }` → 204 (idempotent).
 */
export type BlocksResponse = Static<typeof BlocksResponseSchema>;
export const BlockRequestSchema = Type.Object({ profile_id: Id });
export type BlockRequest = Static<typeof BlockRequestSchema>;

// Deletion, reactivation, data export ---------------------------------------------------------------------------

export const AccountDeleteInfoSchema = Type.Object({
  reasons: Type.Array(StringEnum(DELETE_REASONS)),
  alternatives: Type.Array(StringEnum(DELETE_ALTERNATIVES)),
  /** Percentage offered to stay (company info `delete_discount`); 0 hides the discount alternative. */
  delete_discount: Type.Number(),
  /** ACCOUNT_RESTORE_DAYS. */
  restore_days: Type.Integer(),
});
/**
 * `GET /api/account-delete.php` — logged in → 200 `AccountDeleteInfo`.
 * `POST /api/account-delete.php` — logged in; JSON `AccountDeleteRequest` → 200 `AccountDeleteResponse`; the
 * session ends, a reactivation link `/account-deleted?reactivate=<token>` valid 14 days is mailed, after which a
 * scheduled job erases personal data and photos. Errors: 400 `password_wrong` (password), 400 `validation`
 * (reason).
 * `POST /api/account-reactivate.php` — JSON `{ token }` → 200 `{ user }` and logged in.
 * Errors: 400 `link_invalid` (unknown, used, or older than 14 days).
 */
export type AccountDeleteInfo = Static<typeof AccountDeleteInfoSchema>;
export const AccountDeleteRequestSchema = Type.Object({
  reason: StringEnum(DELETE_REASONS),
  /** Free text when the reason is `other` (optional otherwise). */
  reason_text: Type.Optional(Text(2000)),
  password: PasswordInput,
});
export type AccountDeleteRequest = Static<typeof AccountDeleteRequestSchema>;
export const AccountDeleteResponseSchema = Type.Object({
  /** ISO date-time until which the account can be reactivated. */
  restore_until: Type.String(),
});
export type AccountDeleteResponse = Static<typeof AccountDeleteResponseSchema>;

export const SignupTrackingSchema = Type.Object(
  Object.fromEntries(TRACKING_KEYS.map((k) => [k, Type.Optional(Type.String())])) as Record<
    (typeof TRACKING_KEYS)[number],
    ReturnType<typeof Type.Optional<ReturnType<typeof Type.String>>>
  >,
);
/** `GET /api/account-export.php`: everything stored about the member, as a download. */
export const AccountExportSchema = Type.Object({
  exported_at: Type.String(),
  user: UserSchema,
  email: Type.String(),
  tracking: SignupTrackingSchema,
  /** Where the signup modal was opened (`SignupRequest.source`, `users.signup_source`); null when none was sent. */
  signup_source: Nullable(Type.String()),
  photos: Type.Array(OwnPhotoSchema),
  notifications: NotificationPreferencesSchema,
  blocks: Type.Array(BlockedMemberSchema),
  likes: Type.Array(Type.Object({ profile_id: Type.Integer(), liked_at: Type.String() })),
  messages: Type.Array(
    Type.Object({
      conversation_id: Type.Integer(),
      from_me: Type.Boolean(),
      type: Type.String(),
      text: Nullable(Type.String()),
      sent_at: Type.String(),
    }),
  ),
  transactions: Type.Array(
    Type.Object({
      id: Type.Integer(),
      credits: Type.Integer(),
      amount: Type.Integer(),
      currency: Type.String(),
      status: Type.String(),
      created_at: Type.String(),
    }),
  ),
});
/**
 * `GET /api/account-export.php` — logged in → 200 `AccountExport` as a download
 * (`Content-Disposition: attachment; filename="account-<id>.json"`). Everything stored about the member.
 */
export type AccountExport = Static<typeof AccountExportSchema>;

// Complaints ----------------------------------------------------------------------------------------------------

export const ComplaintRequestSchema = Type.Object({
  name: Text(200),
  email: EmailInput,
  subject: Text(400),
  message: Text(COMPLAINT_MESSAGE_MAX_LENGTH * 2),
  /** The page or profile the complaint is about. */
  url: Type.Optional(Text(1000)),
});
/**
 * `POST /api/complaints.php` — JSON `ComplaintRequest` (logged in or not) → 201 `{ id }`. Stored and mailed to
 * settings.support_email. Errors: 400 `email_invalid` (email), 400 `validation` (field: empty name, subject or
 * message; message longer than COMPLAINT_MESSAGE_MAX_LENGTH), 429 `rate_limited`.
 */
export type ComplaintRequest = Static<typeof ComplaintRequestSchema>;
export const ComplaintResponseSchema = Type.Object({ id: Type.Integer() });
export type ComplaintResponse = Static<typeof ComplaintResponseSchema>;

// Push ----------------------------------------------------------------------------------------------------------

/** The browser's `PushSubscription.toJSON()`. */
export const PushSubscriptionRequestSchema = Type.Object({
  endpoint: Type.String({ format: 'uri', maxLength: 2000 }),
  expirationTime: Nullable(Type.Number()),
  keys: Type.Object({ p256dh: Type.String({ maxLength: 200 }), auth: Type.String({ maxLength: 100 }) }),
});
/**
 * `POST /api/user.php?push=1` — logged in; JSON: the browser's `PushSubscription.toJSON()` → 204. Afterwards
 * `user.push_subscribed` is true (polling slows to 300 s). Errors: 400 `validation`.
 */
export type PushSubscriptionRequest = Static<typeof PushSubscriptionRequestSchema>;

// Login and push share one path ----------------------------------------------------------------------------------

/** `POST /api/user.php` query: `?push=1` stores a push subscription (`PushSubscriptionRequest`) instead of logging in. */
export const UserPostQuerySchema = Type.Object({
  push: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
});
export type UserPostQuery = Static<typeof UserPostQuerySchema>;
/**
 * `POST /api/user.php` body: the login form's fields (`LoginRequest`, a form body), or with `?push=1` the
 * browser's `PushSubscription.toJSON()`; the route checks the fields of the case it is.
 */
export const UserPostBodySchema = Type.Object({
  email: Type.Optional(LoginSchema.properties.email),
  password: Type.Optional(LoginSchema.properties.password),
  endpoint: Type.Optional(PushSubscriptionRequestSchema.properties.endpoint),
  keys: Type.Optional(PushSubscriptionRequestSchema.properties.keys),
});
export type UserPostBody = Static<typeof UserPostBodySchema>;

// Mail links and beacons -------------------------------------------------------------------------------------------

/** `GET` / `POST /api/unsubscribe.php?token=`: the List-Unsubscribe target of every mail. */
export const UnsubscribeQuerySchema = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
export type UnsubscribeQuery = Static<typeof UnsubscribeQuerySchema>;
/**
 * RFC 8058 body (the confirmation page's button sends the same), url-encoded or multipart (whose fields are not
 * read: null); the token alone decides.
 */
export const UnsubscribeBodySchema = Type.Union([
  Type.Object({ 'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 50 })) }),
  Type.Null(),
]);
export type UnsubscribeBody = Static<typeof UnsubscribeBodySchema>;
/** `POST /api/page-hidden.php`: the beacon a page sends when it is hidden; any body, or none. */
export const PageHiddenBodySchema = Type.Optional(Type.Object({}, { additionalProperties: true }));

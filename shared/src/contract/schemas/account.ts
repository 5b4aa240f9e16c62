// The accounts calls' requests and answers (paths, bounds and errors are described in `contract/account.ts`,
// which re-exports these types). The member forms' bodies are the JSON-Schema literals of `forms/account.ts`, which
// the browser's resolvers read too; the rest is written here.
import { Type, type Static } from 'typebox';
import { ProfileFormSchema, SignupSchema } from '../../forms/account';
import {
  COMPLAINT_MESSAGE_MAX_LENGTH,
  DELETE_ALTERNATIVES,
  DELETE_REASONS,
  PASSWORD_MAX_LENGTH,
  TRACKING_KEYS,
} from '../account';
import { BODY_TYPES, EYE_COLORS, HAIR_COLORS, INTERESTS, RELATIONSHIP_STATUSES } from '../profile';
import { NOTIFICATION_TYPES } from '../user';
import { GenderSchema, Id, Nullable, StringEnum } from './base';
import { ProfileImageSchema, ProfileSchema, SexualitySchema } from './profile';
import {
  NotificationTypeSchema,
  NotificationsDisabledReasonSchema,
  UserSchema,
  type UserAnswerSchema,
} from './user';

/** Long enough for any real input; the services check the exact rules and answer with catalogue codes. */
export const Text = (max: number) => Type.String({ maxLength: max });
export const EmailInput = Text(320);
export const PasswordInput = Text(PASSWORD_MAX_LENGTH * 4);
export const TokenInput = Type.String({ minLength: 1, maxLength: 200 });

/** `{ token }` of a mailed link: activation, email change, reactivation. */
export const TokenBody = Type.Object({ token: TokenInput });
export type TokenRequest = Static<typeof TokenBody>;

// Signup --------------------------------------------------------------------------------------------------------

export { SignupSchema as SignupBody };
/** The client always sends the birth date; the server takes a body without it (`birthdate_required`). */
export type SignupRequest = Omit<Static<typeof SignupSchema>, 'date_of_birth'> & {
  /** ISO date `YYYY-MM-DD`. */
  date_of_birth: string;
};
export type SignupResponse = Static<typeof UserAnswerSchema>;

// Profile -------------------------------------------------------------------------------------------------------

export const ProfileUpdateBody = Type.Object({
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
export type ProfileUpdateRequest = Static<typeof ProfileUpdateBody>;

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
export type OwnPhoto = Static<typeof OwnPhotoSchema>;
/** Every photos call answers the member's whole list, so the client replaces its cache. */
export const PhotosResponseSchema = Type.Object({
  photos: Type.Array(OwnPhotoSchema),
  /** 3 for free members, 25 for premium (FREE_PHOTO_LIMIT / PREMIUM_PHOTO_LIMIT). */
  limit: Type.Integer(),
});
export type PhotosResponse = Static<typeof PhotosResponseSchema>;
export const PhotoMainBody = Type.Object({ id: Id, main: Type.Literal(true) });
export type PhotoMainRequest = Static<typeof PhotoMainBody>;
export const PhotoDeleteBody = Type.Object({ id: Id });
export type PhotoDeleteRequest = Static<typeof PhotoDeleteBody>;

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
export type NotificationsResponse = Static<typeof NotificationsResponseSchema>;
export const NotificationsUpdateBody = Type.Object({
  preferences: Type.Optional(PartialPreferencesSchema),
  reenable: Type.Optional(Type.Literal(true)),
});
export type NotificationsUpdateRequest = Static<typeof NotificationsUpdateBody>;

// Blocking ------------------------------------------------------------------------------------------------------

export const BlockedMemberSchema = Type.Object({
  profile: Type.Pick(ProfileSchema, ['id', 'name', 'age', 'main_image']),
  /** ISO date-time. */
  blocked_at: Type.String(),
});
export type BlockedMember = Static<typeof BlockedMemberSchema>;
export const BlocksResponseSchema = Type.Object({ blocks: Type.Array(BlockedMemberSchema) });
export type BlocksResponse = Static<typeof BlocksResponseSchema>;
export const BlockBody = Type.Object({ profile_id: Id });
export type BlockRequest = Static<typeof BlockBody>;

// Deletion, reactivation, data export ---------------------------------------------------------------------------

export const AccountDeleteInfoSchema = Type.Object({
  reasons: Type.Array(StringEnum(DELETE_REASONS)),
  alternatives: Type.Array(StringEnum(DELETE_ALTERNATIVES)),
  /** Percentage offered to stay (company info `delete_discount`); 0 hides the discount alternative. */
  delete_discount: Type.Number(),
  /** ACCOUNT_RESTORE_DAYS. */
  restore_days: Type.Integer(),
});
export type AccountDeleteInfo = Static<typeof AccountDeleteInfoSchema>;
export const AccountDeleteBody = Type.Object({
  reason: StringEnum(DELETE_REASONS),
  /** Free text when the reason is `other` (optional otherwise). */
  reason_text: Type.Optional(Text(2000)),
  password: PasswordInput,
});
export type AccountDeleteRequest = Static<typeof AccountDeleteBody>;
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
export type AccountExport = Static<typeof AccountExportSchema>;

// Complaints ----------------------------------------------------------------------------------------------------

export const ComplaintBody = Type.Object({
  name: Text(200),
  email: EmailInput,
  subject: Text(400),
  message: Text(COMPLAINT_MESSAGE_MAX_LENGTH * 2),
  /** The page or profile the complaint is about. */
  url: Type.Optional(Text(1000)),
});
export type ComplaintRequest = Static<typeof ComplaintBody>;
export const ComplaintResponseSchema = Type.Object({ id: Type.Integer() });
export type ComplaintResponse = Static<typeof ComplaintResponseSchema>;

// Push ----------------------------------------------------------------------------------------------------------

/** The browser's `PushSubscription.toJSON()`. */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({ format: 'uri', maxLength: 2000 }),
  expirationTime: Nullable(Type.Number()),
  keys: Type.Object({ p256dh: Type.String({ maxLength: 200 }), auth: Type.String({ maxLength: 100 }) }),
});
export type PushSubscriptionRequest = Static<typeof PushSubscriptionBody>;

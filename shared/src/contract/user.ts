// The member as `GET /api/user.php` and the account calls answer it: schemas and their types; the notification
// types are `values/user.ts`, re-exported here. The login form's body is `LoginSchema` (`forms/account.ts`).
import { Type, type Static } from 'typebox';
import { NOTIFICATION_TYPES } from './values/user';
import { LocaleSchema, Nullable, StringEnum } from './common';
import { ProfileSchema } from './profile';

export * from './values/user';

/** Why email notifications were switched off by the system (docs/product/notifications.md). */
export const NOTIFICATIONS_DISABLED_REASONS = ['fbl', 'bounce', 'list_unsubscribe'] as const;
export type NotificationsDisabledReason = (typeof NOTIFICATIONS_DISABLED_REASONS)[number];
export const USER_STATUSES = ['not_confirmed', 'confirmed'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const NotificationTypeSchema = StringEnum(NOTIFICATION_TYPES);
export const NotificationsDisabledReasonSchema = StringEnum(NOTIFICATIONS_DISABLED_REASONS);

export const UserSchema = Type.Object({
  profile: ProfileSchema,
  email: Type.String(),
  credits: Type.Integer(),
  paid_user: Type.Boolean(),
  language: LocaleSchema,
  fictional_icon: Type.Boolean(),
  status: StringEnum(USER_STATUSES),
  /** Notification types switched off by the system (fbl, bounce, list-unsubscribe). */
  notifications_disabled: Type.Array(NotificationTypeSchema),
  notifications_disabled_reason: Type.Optional(Nullable(NotificationsDisabledReasonSchema)),
  /** ISO date-time. */
  signup_date: Type.String(),
  invisible: Type.Boolean(),
  push_subscribed: Type.Optional(Type.Boolean()),
});
export type User = Static<typeof UserSchema>;

/** `GET /api/user.php`: the current user, or `user: false` for a visitor. */
export const UserOrFalse = Type.Union([UserSchema, Type.Literal(false)]);
export const UserResponseSchema = Type.Object({ user: UserOrFalse });
export type UserResponse = Static<typeof UserResponseSchema>;

/** The answer of every call that logs a member in or changes the member: `{ user }`. */
export const UserAnswerSchema = Type.Object({ user: UserSchema });
export type UserAnswer = Static<typeof UserAnswerSchema>;

/** `POST /api/logout.php`: the session ended, the client is a visitor again. */
export const LoggedOutAnswerSchema = Type.Object({ user: Type.Literal(false) });

/** `PUT /api/user.php` */
export const UpdateLanguageRequestSchema = Type.Object({ language: LocaleSchema });
export type UpdateLanguageRequest = Static<typeof UpdateLanguageRequestSchema>;

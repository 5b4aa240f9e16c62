// The member's own record. Shapes: `schemas/user.ts` (TypeBox, the api's source); here the option lists and the
// types, re-exported with `export type` so no browser bundle gains the schema builder.
import type { Static } from 'typebox';
import type { LoginSchema } from '../forms/account';
import type { UserAnswer } from './schemas/user';

export type {
  NotificationsDisabledReason,
  UpdateLanguageRequest,
  User,
  UserResponse,
  UserStatus,
} from './schemas/user';

export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** `POST /api/user.php` form body: the login form's schema (`forms/account.ts`). */
export type LoginRequest = Static<typeof LoginSchema>;
export type LoginResponse = UserAnswer;

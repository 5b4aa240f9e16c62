import type { Locale } from './common';
import type { Profile } from './profile';

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
/** Why email notifications were switched off by the system (docs/product/notifications.md). */
export type NotificationsDisabledReason = 'fbl' | 'bounce' | 'list_unsubscribe';

export type UserStatus = 'not_confirmed' | 'confirmed';

export interface User {
  profile: Profile;
  email: string;
  credits: number;
  paid_user: boolean;
  language: Locale;
  fictional_icon: boolean;
  status: UserStatus;
  /** Notification types switched off by the system (fbl, bounce, list-unsubscribe). */
  notifications_disabled: NotificationType[];
  notifications_disabled_reason?: NotificationsDisabledReason | null;
  /** ISO date-time. */
  signup_date: string;
  invisible: boolean;
  push_subscribed?: boolean;
}

/** `GET /api/user.php`: the current user, or `user: false` for a visitor. */
export interface UserResponse {
  user: User | false;
}
/** `POST /api/user.php` form body. */
export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  user: User;
}
/** `PUT /api/user.php` */
export interface UpdateLanguageRequest {
  language: Locale;
}

// The user area's plain values (no TypeBox: browser code runs them, the contract index carries them). The
// calls' schemas and types are `contract/user.ts`, which re-exports these.

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

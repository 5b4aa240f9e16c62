import { bigint, bigserial, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';
import { users } from '../accounts/tables';

/** Email notifications already sent, per member, kind and key (migration 0070); claimed atomically. */
export const notificationMarks = pgTable(
  'notification_marks',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<'conversation' | 'message' | 'like' | 'unread_reminder'>().notNull(),
    key: text('key').notNull().default(''),
    ref: bigint('ref', { mode: 'number' }),
    sentAt: ts('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.key] })],
);

/** Web Push subscriptions of a member's devices (lib/push.ts). */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Each member's live events for a stream to resume from (migration 0360, lib/live-log-db.ts): the one-node path's
 * log; `event` null is an anchor (where a stream that opened on an empty log continues from).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    // No foreign key: an erased member's events leave with the age sweep (at most LIVE_LOG_MAX_AGE_MS later).
    userId: integer('user_id').notNull(),
    id: bigserial('id', { mode: 'number' }),
    event: text('event'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] })],
);

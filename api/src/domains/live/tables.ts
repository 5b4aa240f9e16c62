import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';

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

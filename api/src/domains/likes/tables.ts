import { boolean, date, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';
import { users } from '../accounts/tables';
import { conversations } from '../chat/tables';
import { sites } from '../sites/tables';

export const likes = pgTable('likes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  likedId: integer('liked_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  likeNew: boolean('like_new').notNull().default(true),
  source: text('source'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Per-member counters of one site day (migration 0020): the swipe game's likes. */
export const dailyCounters = pgTable(
  'daily_counters',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'swipe'>().notNull(),
    day: date('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.day] })],
);

/** Reports of members for moderation (migration 0020): open → in_progress → done. */
export const reports = pgTable('reports', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
  reportedId: integer('reported_id').references(() => users.id, { onDelete: 'set null' }),
  conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
  reason: text('reason').$type<'fake' | 'spam' | 'offensive' | 'underage' | 'scam' | 'other'>().notNull(),
  text: text('text'),
  state: text('state').$type<'open' | 'in_progress' | 'done'>().notNull().default('open'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

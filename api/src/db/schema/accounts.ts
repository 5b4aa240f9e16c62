import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './sites';
import { users } from './users';

// Drizzle mirror of migration 0002_accounts.sql (columns added to existing tables are read with raw SQL).

export const unsubscribeTokens = pgTable('unsubscribe_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';
import { users } from '../accounts/tables';

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

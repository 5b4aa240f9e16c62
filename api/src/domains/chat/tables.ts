import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';

/** One row per pair of members, `userA < userB`. */
export const conversations = pgTable('conversations', {
  id: serial('id').primaryKey(),
  userA: integer('user_a').notNull(),
  userB: integer('user_b').notNull(),
  startedBy: integer('started_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedByA: boolean('deleted_by_a').notNull().default(false),
  deletedByB: boolean('deleted_by_b').notNull().default(false),
  /** Kept by triggers on messages (migration 0004); never written by the application. */
  lastMessageId: integer('last_message_id'),
  unreadA: integer('unread_a').notNull().default(0),
  unreadB: integer('unread_b').notNull().default(0),
});

export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  conversationId: integer('conversation_id').notNull(),
  senderId: integer('sender_id').notNull(),
  clientId: text('client_id'),
  type: text('type').$type<'text' | 'gift' | 'photo'>().notNull().default('text'),
  body: text('body'),
  attachment: text('attachment'),
  creditsSpent: integer('credits_spent').notNull().default(0),
  readAt: ts('read_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// Tables of the shared infrastructure (src/lib): the mail outbox and Web Push subscriptions.
import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from '../../domains/accounts/tables';
import { ts } from './columns';

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id'),
  toAddress: text('to_address').notNull(),
  fromAddress: text('from_address').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  template: text('template').notNull(),
  locale: text('locale').notNull(),
  sentAt: ts('sent_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  // Delivery (migration 0081, lib/mail/delivery.ts).
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at'),
  lastError: text('last_error'),
  failedAt: ts('failed_at'),
});

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

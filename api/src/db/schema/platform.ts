// Tables of the shared infrastructure (src/lib): the mail outbox. (Web Push subscriptions belong to a member:
// domains/live/tables.ts, beside the other notification tables.)
import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
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

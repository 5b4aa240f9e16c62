import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './sites';

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
});

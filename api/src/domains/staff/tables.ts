import { bigint, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';
import { conversations } from '../chat/tables';

// The staff domain's tables (migration 0120, ADR 0018). The audit log, `staff_audit`, belongs to the audit domain
// (domains/audit/tables.ts), which every domain acting for staff writes.

/** Staff are not members: no site, no profile, never in member search. */
export const staffAccounts = pgTable('staff_accounts', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  role: text('role').$type<'operator' | 'admin'>().notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret'),
  totpEnrolledAt: ts('totp_enrolled_at'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  disabledAt: ts('disabled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  lastLoginAt: ts('last_login_at'),
});

/** The cookie holds a random token, the table its SHA-256; `pending`: the second factor is still due. */
export const staffSessions = pgTable('staff_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  stage: text('stage').$type<'pending' | 'full'>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  ip: text('ip'),
});

/** Failed attempts per key in a window, counted before they are checked. */
export const staffAttempts = pgTable('staff_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: ts('window_start').notNull(),
});

/** One operator at a time answers a conversation: the primary key is the lock, `expires_at` the time-out. */
export const staffClaims = pgTable('staff_claims', {
  conversationId: integer('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffAccounts.id),
  expiresAt: ts('expires_at').notNull(),
});

/** Replies staff mailed on a report or a complaint. */
export const staffCaseReplies = pgTable('staff_case_replies', {
  id: serial('id').primaryKey(),
  caseType: text('case_type').$type<'report' | 'complaint'>().notNull(),
  caseId: integer('case_id').notNull(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffAccounts.id),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';
import { sites } from '../sites/tables';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  email: text('email'),
  passwordHash: text('password_hash'),
  status: text('status')
    .$type<'not_confirmed' | 'confirmed' | 'deleted'>()
    .notNull()
    .default('not_confirmed'),
  language: text('language').notNull().default('nl'),
  credits: integer('credits').notNull().default(0),
  paidUser: boolean('paid_user').notNull().default(false),
  fictional: boolean('fictional').notNull().default(false),
  invisible: boolean('invisible').notNull().default(false),
  role: text('role').$type<'member' | 'operator'>().notNull().default('member'),
  trackingNetwork: text('tracking_network'),
  trackingRef: text('tracking_ref'),
  trackingSub1: text('tracking_sub1'),
  trackingSub2: text('tracking_sub2'),
  trackingSub3: text('tracking_sub3'),
  /** Where the signup modal was opened (SignupRequest.source), migration 0150. */
  signupSource: text('signup_source'),
  signupDate: ts('signup_date').notNull().defaultNow(),
  confirmedAt: ts('confirmed_at'),
  deletedAt: ts('deleted_at'),
  lastSeenAt: ts('last_seen_at'),
});

export const photos = pgTable('photos', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  thumbFilename: text('thumb_filename').notNull(),
  status: text('status').$type<'active' | 'inspection' | 'rejected'>().notNull().default('inspection'),
  position: integer('position').notNull().default(0),
  width: integer('width'),
  height: integer('height'),
  /** Which smaller copies exist (migration 0330, photos/variants.ts); null: none, the original is used. */
  variants: jsonb('variants').$type<{ webp: number[]; avif: number[] }>(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

export const loginAudit = pgTable('login_audit', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  /** Only the normalised address of a member of the site; null for anything else typed (docs/adr/0028-staff-door.md). */
  email: text('email'),
  /** Keyed hash (APP_SECRET) of the normalised identifier. */
  identHash: text('ident_hash'),
  siteId: integer('site_id').notNull(),
  success: boolean('success').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const loginLockouts = pgTable('login_lockouts', {
  siteId: integer('site_id').notNull(),
  /** 'a:<keyed hash of the identifier>' or 'd:<keyed hash of a device id>' (migration 0040). */
  lockKey: text('lock_key').notNull(),
  failedCount: integer('failed_count').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
});

export const oneTimeTokens = pgTable('one_time_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<'activation' | 'reset' | 'mail_change' | 'reactivate'>().notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  payload: jsonb('payload').$type<Record<string, unknown>>(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newConversations: boolean('new_conversations').notNull().default(true),
  newMessages: boolean('new_messages').notNull().default(true),
  like: boolean('like').notNull().default(true),
  unreadMessageReminders: boolean('unread_message_reminders').notNull().default(true),
  promotions: boolean('promotions').notNull().default(true),
  weeklyUpdates: boolean('weekly_updates').notNull().default(true),
  news: boolean('news').notNull().default(true),
  reminders: boolean('reminders').notNull().default(true),
  disabledReason: text('disabled_reason').$type<'fbl' | 'bounce' | 'list_unsubscribe'>(),
  disabledAt: ts('disabled_at'),
});

export const complaints = pgTable('complaints', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull(),
  userId: integer('user_id'),
  name: text('name'),
  email: text('email').notNull(),
  subject: text('subject'),
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const accountDeletions = pgTable('account_deletions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason'),
  comment: text('comment'),
  requestedAt: ts('requested_at').notNull().defaultNow(),
  purgeAfter: ts('purge_after').notNull(),
  reactivatedAt: ts('reactivated_at'),
  purgedAt: ts('purged_at'),
});

// Drizzle mirror of migration 0002_accounts.sql (columns added to existing tables are read with raw SQL).

export const unsubscribeTokens = pgTable('unsubscribe_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const blocks = pgTable('blocks', {
  userId: integer('user_id').notNull(),
  blockedId: integer('blocked_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

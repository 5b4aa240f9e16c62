import { boolean, integer, jsonb, numeric, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/schema/columns';

export type LedgerKind = 'purchase' | 'message' | 'gift' | 'photo' | 'bonus' | 'refund';
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'cancelled' | 'expired';

export const creditLedger = pgTable('credit_ledger', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  kind: text('kind').$type<LedgerKind>().notNull(),
  amount: integer('amount').notNull(),
  balanceAfter: integer('balance_after').notNull(),
  ref: text('ref'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const creditPackages = pgTable('credit_packages', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id'),
  currency: text('currency').notNull(),
  credits: integer('credits').notNull(),
  /** Minor units. */
  amount: integer('amount').notNull(),
  tier: smallint('tier').notNull(),
  popular: boolean('popular').notNull().default(false),
  active: boolean('active').notNull().default(true),
});

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  packageId: integer('package_id'),
  credits: integer('credits').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  discountCode: text('discount_code'),
  paymentMethod: text('payment_method'),
  status: text('status').$type<PaymentStatus>().notNull().default('pending'),
  creditedAt: ts('credited_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  provider: text('provider').notNull(),
  providerId: text('provider_id').notNull().unique(),
  status: text('status').$type<PaymentStatus>().notNull().default('pending'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  raw: jsonb('raw'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const discountCodes = pgTable('discount_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  siteId: integer('site_id'),
  userId: integer('user_id'),
  country: text('country'),
  currency: text('currency'),
  valuePercentage: numeric('value_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  minimumOrderValue: integer('minimum_order_value'),
  status: text('status').$type<'active' | 'used' | 'expired'>().notNull().default('active'),
  validity: text('validity')
    .$type<'once_per_user' | 'once' | 'unlimited'>()
    .notNull()
    .default('once_per_user'),
  paymentmethods: jsonb('paymentmethods').$type<string[] | null>(),
  welcome: boolean('welcome').notNull().default(false),
  expires: ts('expires'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const discountRedemptions = pgTable('discount_redemptions', {
  id: serial('id').primaryKey(),
  discountCodeId: integer('discount_code_id').notNull(),
  userId: integer('user_id').notNull(),
  orderId: integer('order_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

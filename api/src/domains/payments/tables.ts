import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import type {
  DiscountCode,
  OrderStatus,
  PaymentStatus as ContractPaymentStatus,
} from '@dating/shared/contract/index';
import { ts } from '../../db/schema/columns';

export type LedgerKind = 'purchase' | 'message' | 'gift' | 'photo' | 'bonus' | 'refund';
// The states are listed once, in the shared contract (`ORDER_STATUSES`, `PAYMENT_STATUSES`).
export type PaymentStatus = ContractPaymentStatus;
export type OrderStatusColumn = OrderStatus;

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
  status: text('status').$type<OrderStatusColumn>().notNull().default('pending'),
  creditedAt: ts('credited_at'),
  // 0030_payments
  siteId: integer('site_id'),
  originalAmount: integer('original_amount'),
  discountCodeId: integer('discount_code_id'),
  discountRedeemed: boolean('discount_redeemed').notNull().default(false),
  country: text('country'),
  recurring: boolean('recurring').notNull().default(false),
  completedAt: ts('completed_at'),
  refundedAt: ts('refunded_at'),
  refundedCredits: integer('refunded_credits').notNull().default(0),
  refundShortfall: integer('refund_shortfall').notNull().default(0),
  // 0270_money_paths
  discountClaim: text('discount_claim'),
  requestKey: text('request_key'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  provider: text('provider').notNull(),
  /** Null while a charge we started is recorded but the provider has not answered (0270). */
  providerId: text('provider_id').unique(),
  idempotencyKey: text('idempotency_key'),
  webhookCalls: integer('webhook_calls').notNull().default(0),
  webhookWindow: ts('webhook_window'),
  status: text('status').$type<PaymentStatus>().notNull().default('pending'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  raw: jsonb('raw'),
  // 0030_payments
  method: text('method'),
  checkoutUrl: text('checkout_url'),
  sequenceType: text('sequence_type').$type<'oneoff' | 'first' | 'recurring'>().notNull().default('oneoff'),
  customerId: text('customer_id'),
  mandateId: text('mandate_id'),
  checks: integer('checks').notNull().default(0),
  checkedAt: ts('checked_at'),
  nextCheckAt: ts('next_check_at').notNull().defaultNow(),
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
  status: text('status').$type<DiscountCode['status']>().notNull().default('active'),
  validity: text('validity').$type<DiscountCode['validity']>().notNull().default('once_per_user'),
  paymentmethods: jsonb('paymentmethods').$type<string[] | null>(),
  welcome: boolean('welcome').notNull().default(false),
  /** An advertised code's rule (migration 0350): 'welcome' or 'retention'; null for any other code. */
  purpose: text('purpose').$type<'welcome' | 'retention' | null>(),
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

// 0030_payments: mandates, direct debit and SMS, and the built-in test provider's own store.
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer('user_id').notNull(),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

export const paymentMandates = pgTable('payment_mandates', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull(),
  mandateId: text('mandate_id').notNull(),
  method: text('method').notNull(),
  status: text('status').$type<'valid' | 'pending' | 'invalid'>().notNull().default('valid'),
  details: jsonb('details').notNull().default({}),
  endedReason: text('ended_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const directDebitCodes = pgTable('direct_debit_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const directDebitBlocks = pgTable('direct_debit_blocks', {
  userId: integer('user_id').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id'),
  toPhone: text('to_phone').notNull(),
  body: text('body').notNull(),
  sentAt: ts('sent_at'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const testProviderPayments = pgTable('test_provider_payments', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method'),
  status: text('status').notNull().default('open'),
  redirectUrl: text('redirect_url'),
  webhookUrl: text('webhook_url'),
  sequenceType: text('sequence_type').notNull().default('oneoff'),
  customerId: text('customer_id'),
  mandateId: text('mandate_id'),
  metadata: jsonb('metadata').notNull().default({}),
  amountRefunded: integer('amount_refunded').notNull().default(0),
  amountChargedBack: integer('amount_charged_back').notNull().default(0),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
  paidAt: ts('paid_at'),
});

export const paymentRefunds = pgTable('payment_refunds', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  paymentId: integer('payment_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull().default('requested'),
  providerRefundId: text('provider_refund_id'),
  requestedBy: text('requested_by').notNull(),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const testProviderCustomers = pgTable('test_provider_customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const testProviderMandates = pgTable('test_provider_mandates', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  method: text('method').notNull(),
  status: text('status').notNull().default('valid'),
  consumerName: text('consumer_name'),
  consumerAccount: text('consumer_account'),
  declineCharges: boolean('decline_charges').notNull().default(false),
  timeoutCharges: boolean('timeout_charges').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// TypeBox mirrors of the shared payments contract types (packages, discount codes).
import { Type } from 'typebox';
import { PAYMENT_METHODS } from '@dating/shared/contract/index';
import { Nullable, StringEnum } from '../../lib/contract';

export const MoneySchema = Type.Object({ amount: Type.Integer(), currency: Type.String() });

export const DiscountCodeSchema = Type.Object({
  code: Type.String(),
  country: Nullable(Type.String()),
  user_id: Nullable(Type.Integer()),
  expires: Nullable(Type.String()),
  value_percentage: Type.Number(),
  percentage: Type.Number(),
  currency: Nullable(Type.String()),
  minimum_order_value: Nullable(Type.Integer()),
  minimum: Nullable(Type.Integer()),
  status: StringEnum(['active', 'used', 'expired'] as const),
  validity: StringEnum(['once_per_user', 'once', 'unlimited'] as const),
  expired: Type.Boolean(),
  paymentmethods: Nullable(Type.Array(Type.String())),
});

export const PaymentMethodSchema = StringEnum(PAYMENT_METHODS);

export const OrderSchema = Type.Object({
  id: Type.Integer(),
  payment_id: Nullable(Type.String()),
  credits: Type.Integer(),
  amount: MoneySchema,
  original_amount: MoneySchema,
  discount_code: Nullable(Type.String()),
  package_id: Nullable(Type.Integer()),
  method: PaymentMethodSchema,
  status: StringEnum([
    'pending',
    'completed',
    'failed',
    'cancelled',
    'expired',
    'refunded',
    'charged_back',
  ] as const),
  recurring: Type.Boolean(),
  created_at: Type.String(),
  completed_at: Nullable(Type.String()),
  refunded_credits: Type.Integer(),
  refund_shortfall: Type.Integer(),
});

export const PackageSchema = Type.Object({
  id: Type.Integer(),
  credits: Type.Integer(),
  price: MoneySchema,
  variant: Type.Integer({ minimum: 0, maximum: 3 }),
  popular: Type.Boolean(),
});

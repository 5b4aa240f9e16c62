// TypeBox mirrors of the shared payments contract types (packages, discount codes).
import { Type } from 'typebox';
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

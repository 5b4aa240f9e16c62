/** Payment methods named in SPEC §3, in the order offered. */
export const PAYMENT_METHODS = [
  'ideal', 'creditcard', 'paypal', 'bancontact', 'sdd', 'sct', 'applepay', 'sofort', 'eps', 'giropay', 'blik',
  'postepay',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: string | undefined): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value ?? '');
}

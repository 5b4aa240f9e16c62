/** Money is integer minor units plus an ISO currency (ARCHITECTURE §7). */
export interface Money {
  amount: number;
  currency: string;
}
export interface CreditPackage {
  id: number;
  credits: number;
  price: Money;
  /** Card colour variant p0..p3 (SPEC §9). */
  variant: 0 | 1 | 2 | 3;
  popular: boolean;
}
/** `GET /api/packages.php` */
export interface PackagesResponse {
  packages: CreditPackage[];
  currency: string;
}
/** `GET /api/discountcode.php` */
export interface DiscountCode {
  code: string;
  country: string | null;
  user_id: number | null;
  expires: string | null;
  value_percentage: number;
  percentage: number;
  currency: string | null;
  minimum_order_value: number | null;
  minimum: number | null;
  status: 'active' | 'used' | 'expired';
  validity: 'once_per_user' | 'once' | 'unlimited';
  expired: boolean;
  paymentmethods: string[] | null;
}
export interface Order {
  payment_id: string;
  credits: number;
  amount: Money;
}

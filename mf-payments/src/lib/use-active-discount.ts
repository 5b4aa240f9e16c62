import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENTAGE,
  TIME_BONUS_TICK_MS,
  TIME_BONUS_WINDOW_S,
  chooseDiscount,
  captureLinkedCode,
  useGetDiscountCodeQuery,
  useCurrentUser,
  type DiscountCode,
} from '@dating/shared';

export interface ActiveDiscount {
  /** `link`: a code that came with `?code=` on some page of this visit. */
  kind: 'time_bonus' | 'welcome' | 'link';
  code: string;
  percentage: number;
  /** Epoch ms when the discount ends, when known. */
  endsAt: number | null;
  /** Restrictions the server will apply at the order (minor units; payment methods). */
  minimum?: number | null;
  methods?: string[] | null;
}

/** A code as `discountcode.php` answered it, when it can still be used. */
export function usableDiscount(
  kind: ActiveDiscount['kind'],
  found: DiscountCode | undefined,
): ActiveDiscount | null {
  if (!found || found.status !== 'active' || found.expired) return null;
  return {
    kind,
    code: found.code,
    percentage: found.value_percentage,
    endsAt: found.expires ? new Date(found.expires).getTime() : null,
    minimum: found.minimum_order_value,
    methods: found.paymentmethods,
  };
}

/** Whether the server will take `discount` for an order of `amount` (minor units) paid with `method`. */
export function discountApplies(discount: ActiveDiscount, amount: number, method: string | null): boolean {
  if (discount.minimum != null && amount < discount.minimum) return false;
  if (method && discount.methods?.length && !discount.methods.includes(method)) return false;
  return true;
}

/**
 * The active discount (docs/product/credits-and-payments.md): the time bonus (logged-in, non-paid, within 4 hours of signup) if present, else the
 * welcome code from `discountcode.php?welcome=true`, whose failure is ignored. A code that came in a link (`?code=`
 * on any page) is checked with `discountcode.php` and the page's query (docs/product/calls-and-errors.md); when usable and worth more than
 * the automatic one it is the active discount.
 */
export function useActiveDiscount(): ActiveDiscount | null {
  return useDiscounts().active;
}

/** The active discount and, apart, the automatic one (what a code from a link or a typed code is compared with). */
export function useDiscounts(): { active: ActiveDiscount | null; automatic: ActiveDiscount | null } {
  const user = useCurrentUser() ?? null;
  const [now, setNow] = useState(() => Date.now());
  const bonusEndsAt =
    user && !user.paid_user ? new Date(user.signup_date).getTime() + TIME_BONUS_WINDOW_S * 1000 : Number.NaN;
  const timeBonus = bonusEndsAt > now;

  useEffect(() => {
    if (!timeBonus) return undefined;
    const timer = setInterval(() => setNow(Date.now()), TIME_BONUS_TICK_MS);
    return () => clearInterval(timer);
  }, [timeBonus]);

  const { data: welcome } = useGetDiscountCodeQuery(
    { welcome: true },
    { skip: !user || timeBonus || user.paid_user },
  );

  // This page's `?code=` (kept for the visit by the shell too, in an effect that runs after this page's render).
  const link = captureLinkedCode(useLocation().search);
  const { data: linked } = useGetDiscountCodeQuery(link?.query ?? {}, { skip: !link });
  const fromLink = usableDiscount('link', linked);

  const automatic: ActiveDiscount | null = timeBonus
    ? { kind: 'time_bonus', code: TIME_BONUS_CODE, percentage: TIME_BONUS_PERCENTAGE, endsAt: bonusEndsAt }
    : usableDiscount('welcome', welcome);
  // docs/adr/0033-discount-rule.md: the better of the two.
  return { active: chooseDiscount(fromLink, automatic).discount, automatic };
}

export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const parts = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return parts.map((part) => String(part).padStart(2, '0')).join(':');
}

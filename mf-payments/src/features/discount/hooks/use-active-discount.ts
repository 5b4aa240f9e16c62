import { useEffect, useState } from 'react';
import {
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENTAGE,
  TIME_BONUS_TICK_MS,
  TIME_BONUS_WINDOW_S,
  useGetDiscountCodeQuery,
  useCurrentUser,
} from '@dating/shared';

export interface ActiveDiscount {
  kind: 'time_bonus' | 'welcome';
  code: string;
  percentage: number;
  /** Epoch ms when the discount ends, when known. */
  endsAt: number | null;
}

/**
 * The active discount (SPEC §4): the time bonus (logged-in, non-paid, within 4 hours of signup) if present, else the
 * welcome code from `discountcode.php?welcome=true`, whose failure is ignored.
 */
export function useActiveDiscount(): ActiveDiscount | null {
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

  if (timeBonus) {
    return {
      kind: 'time_bonus',
      code: TIME_BONUS_CODE,
      percentage: TIME_BONUS_PERCENTAGE,
      endsAt: bonusEndsAt,
    };
  }
  if (welcome && welcome.status === 'active' && !welcome.expired) {
    const endsAt = welcome.expires ? new Date(welcome.expires).getTime() : null;
    return { kind: 'welcome', code: welcome.code, percentage: welcome.value_percentage, endsAt };
  }
  return null;
}

export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const parts = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return parts.map((part) => String(part).padStart(2, '0')).join(':');
}

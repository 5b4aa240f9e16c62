import { useEffect, useState } from 'react';
import { TIME_BONUS_CODE, TIME_BONUS_PERCENTAGE, TIME_BONUS_TICK_MS, type User } from '@dating/shared';
import { timeBonusSecondsLeft } from './rules';

export interface TimeBonus {
  code: typeof TIME_BONUS_CODE;
  percentage: number;
  status: 'active';
  validity: 'once_per_user';
  secondsLeft: number;
}

/**
 * The time bonus of docs/product/credits-and-payments.md, recomputed whenever the user changes (login, logout, polling) and counted down every
 * second; null when there is none (visitor, paid user, window over).
 */
export function useTimeBonus(user: User | null): TimeBonus | null {
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = timeBonusSecondsLeft(user, now);
  const active = secondsLeft !== null;
  useEffect(() => {
    setNow(Date.now());
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), TIME_BONUS_TICK_MS);
    return () => clearInterval(timer);
  }, [active, user]);
  if (secondsLeft === null) return null;
  return {
    code: TIME_BONUS_CODE,
    percentage: TIME_BONUS_PERCENTAGE,
    status: 'active',
    validity: 'once_per_user',
    secondsLeft,
  };
}

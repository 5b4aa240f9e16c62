import { useEffect, useRef, useState } from 'react';

/** Milliseconds left until `until` (an ISO date-time), ticking once a second; 0 once it has passed. */
export function useCountdown(until: string | undefined, onDone?: () => void): number {
  const target = until ? Date.parse(until) : NaN;
  const [left, setLeft] = useState(() => (Number.isNaN(target) ? 0 : Math.max(0, target - Date.now())));
  // The latest callback, without restarting the countdown when the caller passes a new function.
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (Number.isNaN(target)) return undefined;
    const tick = () => {
      const next = Math.max(0, target - Date.now());
      setLeft(next);
      if (next === 0) {
        clearInterval(timer);
        done.current?.();
      }
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [target]);
  return left;
}

/** 3 h 4 min 5 s → "03:04:05". */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const parts = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return parts.map((n) => String(n).padStart(2, '0')).join(':');
}

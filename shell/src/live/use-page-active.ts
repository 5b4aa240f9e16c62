import { useEffect, useState } from 'react';

/** A tab hidden this long gives up its live stream (see useLiveChannel). */
export const HIDDEN_GRACE_MS = 30_000;

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** false once the page has been hidden for `graceMs`; true again as soon as it is visible. */
export function usePageActive(graceMs = HIDDEN_GRACE_MS): boolean {
  const [active, setActive] = useState(visible);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      if (visible()) setActive(true);
      else timer = setTimeout(() => setActive(false), graceMs);
    };
    document.addEventListener('visibilitychange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [graceMs]);
  return active;
}

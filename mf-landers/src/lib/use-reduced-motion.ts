import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const current = () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;

/**
 * The visitor's "reduce motion" wish (animated landers stand still and offer manual controls). A server-rendered
 * page (docs/adr/0030) is written without it and hydrated that way; React then renders again with the wish.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}

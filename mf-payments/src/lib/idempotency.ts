import { useCallback, useState } from 'react';

/** A fresh key (UUID where the page is a secure context, else 32 random hex digits): the server wants 16–64. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One `Idempotency-Key` per intended purchase (api/README, Payments): kept across retries of a request whose
 * outcome is unknown (a network error, a 5xx), renewed once an answer arrived, so a new click is a new purchase.
 */
export function useIdempotencyKey(): [string, () => void] {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return [key, renew];
}

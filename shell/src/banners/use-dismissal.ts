import { useCallback, useState } from 'react';
import { dismiss, isDismissed, type DismissalKey } from '../lib/dismissals';

/** A stored dismissal flag (unix time in localStorage) as component state. */
export function useDismissal(key: DismissalKey): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => isDismissed(key));
  const onDismiss = useCallback(() => {
    dismiss(key);
    setDismissed(true);
  }, [key]);
  return [dismissed, onDismiss];
}

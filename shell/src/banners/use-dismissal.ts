import { useCallback, useEffect, useState } from 'react';
import {
  DISMISSAL_FLAGS,
  useCurrentUser,
  useDismissMutation,
  useGetDismissalsQuery,
  type DismissalFlag,
} from '@dating/shared';
import { dismiss, isDismissed, type DismissalKey } from '../lib/dismissals';

const isMemberFlag = (key: DismissalKey): key is DismissalFlag =>
  (DISMISSAL_FLAGS as readonly string[]).includes(key);

/**
 * A dismissal flag (unix time) as component state. A member's flags are kept on the server (`dismissals.php`), so
 * an alert closed on one device stays closed on every other; localStorage keeps it on this device meanwhile (and
 * for a visitor, the only place).
 */
export function useDismissal(key: DismissalKey): [boolean, () => void] {
  const user = useCurrentUser() ?? null;
  const member = user !== null && isMemberFlag(key);
  const { data } = useGetDismissalsQuery(undefined, { skip: !member });
  const [save] = useDismissMutation();
  const [local, setLocal] = useState(() => isDismissed(key));
  const onServer = member && isMemberFlag(key) && data?.dismissals[key] !== undefined;
  // Closed on this device before the server kept it (or while offline): told to the server once.
  const unsynced = member && local && data !== undefined && !onServer;
  useEffect(() => {
    if (unsynced && isMemberFlag(key)) void save({ key });
  }, [unsynced, key, save]);
  const onDismiss = useCallback(() => {
    dismiss(key);
    setLocal(true);
    if (member && isMemberFlag(key)) void save({ key });
  }, [key, member, save]);
  return [local || onServer, onDismiss];
}

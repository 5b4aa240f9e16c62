import { useEffect, useState } from 'react';
import { coreApi, useAppStore } from '@dating/shared';
import { applyLiveEvent } from './apply-live-event';
import { openLiveChannel } from './live-channel';

/**
 * The live channel of a logged-in member (ARCHITECTURE §7b): opened once per tab, closed on logout. Events go
 * into the RTK Query cache. Returns whether the channel is up: polling (SPEC §9) runs only while it is not.
 */
export function useLiveChannel(loggedIn: boolean): boolean {
  const store = useAppStore();
  const [up, setUp] = useState(false);

  useEffect(() => {
    if (!loggedIn) return undefined;
    const close = openLiveChannel({
      onEvent: (event) => applyLiveEvent(store.dispatch, store.getState, event),
      onStatus: setUp,
      // A refused stream may mean the session ended (logout elsewhere, password reset): asking for the user
      // answers `false` then, and the shell logs out (which closes the channel).
      onRefused: () =>
        void store.dispatch(
          coreApi.endpoints.getUser.initiate(undefined, { forceRefetch: true, subscribe: false }),
        ),
    });
    return () => {
      close();
      setUp(false);
    };
  }, [loggedIn, store]);

  return loggedIn && up;
}

import { useEffect, useState } from 'react';
import { coreApi, useAppStore } from '@dating/shared';
import { applyLiveEvent } from './apply-live-event';
import { openLiveChannel } from './live-channel';
import { usePageActive } from './use-page-active';

/**
 * The live channel of a logged-in member (docs/adr/0008-live-channel.md): opened once per tab, closed on logout. Events go
 * into the RTK Query cache. Returns whether the channel is up: polling (docs/product/constants.md) runs only while it is not.
 *
 * A tab hidden for 30 s closes its stream: over HTTP/1.1 a browser holds at most six connections per host, and
 * background tabs must not take them all; a member whose tabs are all in the background counts as not
 * connected, so a message reaches them as a Web Push. Visible again, the tab reconnects and refreshes once.
 */
export function useLiveChannel(loggedIn: boolean): boolean {
  const store = useAppStore();
  const [up, setUp] = useState(false);
  const active = usePageActive();

  useEffect(() => {
    if (!loggedIn || !active) return undefined;
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
  }, [active, loggedIn, store]);

  return loggedIn && active && up;
}

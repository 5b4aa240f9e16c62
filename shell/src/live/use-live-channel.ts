import { useEffect, useRef, useState } from 'react';
import { coreApi, useAppStore, useCurrentUser } from '@dating/shared';
import { usePageLiveFrom } from '../app/site-context';
import { refreshSession } from '../session/use-polling';
import { applyLiveEvent } from './apply-live-event';
import { newLivePosition, openLiveChannel } from './live-channel';
import { usePageActive } from './use-page-active';

/**
 * The live channel of a logged-in member (docs/adr/0008-live-channel.md): opened once per tab, closed on logout. Events go
 * into the RTK Query cache. Returns whether the channel is up: polling (docs/product/constants.md) runs only while it is not.
 *
 * A tab hidden for 30 s closes its stream: over HTTP/1.1 a browser holds at most six connections per host, and
 * background tabs must not take them all; a member whose tabs are all in the background counts as not
 * connected, so a message reaches them as a Web Push. Visible again, the tab reconnects and resumes from the last
 * event it saw (docs/adr/0039-live-resume.md), refreshing once only when the server can no longer replay the gap.
 */
export function useLiveChannel(loggedIn: boolean): boolean {
  const store = useAppStore();
  const [up, setUp] = useState(false);
  const active = usePageActive();
  // Where the tab is in the member's event log, kept while the member stays logged in (a hidden tab's channel
  // closes; visible again, the new one resumes from here). It starts where the log stood when the page was made,
  // so the first stream replays what happened while the page loaded its data.
  const pageFrom = usePageLiveFrom(useCurrentUser()?.profile.id);
  const position = useRef(newLivePosition(pageFrom));

  useEffect(() => {
    if (!loggedIn || !active) return undefined;
    const close = openLiveChannel(
      {
        onEvent: (event) => applyLiveEvent(store.dispatch, store.getState, event),
        onStatus: setUp,
        // The stream came back but what was missed meanwhile could not be replayed: user, chats and likes once.
        onResync: () => refreshSession(store.dispatch),
        // A refused stream may mean the session ended (logout elsewhere, password reset): asking for the user
        // answers `false` then, and the shell logs out (which closes the channel).
        onRefused: () =>
          void store.dispatch(
            coreApi.endpoints.getUser.initiate(undefined, { forceRefetch: true, subscribe: false }),
          ),
      },
      position.current,
    );
    return () => {
      close();
      setUp(false);
    };
  }, [active, loggedIn, store]);

  return loggedIn && active && up;
}

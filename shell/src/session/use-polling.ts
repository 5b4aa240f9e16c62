import { useEffect } from 'react';
import {
  coreApi,
  POLL_INTERVAL_MS,
  POLL_INTERVAL_PUSH_MS,
  POLL_START_DELAY_MS,
  useAppDispatch,
  type AppDispatch,
  useCurrentUser,
} from '@dating/shared';

const REFRESH = { forceRefetch: true, subscribe: false } as const;

/** user.php only: what the live events do not cover (notifications disabled by a bounce, premium granted by staff). */
export function refreshUser(dispatch: AppDispatch): void {
  void dispatch(coreApi.endpoints.getUser.initiate(undefined, REFRESH));
}

export function refreshSession(dispatch: AppDispatch): void {
  const options = REFRESH;
  refreshUser(dispatch);
  void dispatch(coreApi.endpoints.getChats.initiate(undefined, options));
  void dispatch(coreApi.endpoints.getLikes.initiate(undefined, options));
}

/**
 * docs/product/constants.md: user, chats and likes are refreshed every 60 s (300 s when push is subscribed, because
 * pushed messages refresh them), the first time 5 s after load, and only while logged in. With the live channel up
 * the events keep the cache current, so polling runs only while the channel is down
 * (docs/adr/0008-live-channel.md): it starts 5 s after the channel goes down and stops when it is up again. A
 * channel that comes back resumes from the last event it saw (the server replays what was missed); only when it
 * cannot does the channel refresh once (docs/adr/0039-live-resume.md, `useLiveChannel`). While the channel is up,
 * user.php alone is still refreshed at the same interval: no live event tells of a change made elsewhere to the
 * member's account (notifications disabled by a bounce, premium granted by staff).
 */
export function useSessionPolling(liveUp = false): void {
  const dispatch = useAppDispatch();
  const user = useCurrentUser() ?? null;
  const loggedIn = user !== null;
  const pushSubscribed = user !== null && user.push_subscribed === true;
  useEffect(() => {
    if (!loggedIn || liveUp) return undefined;
    const every = pushSubscribed ? POLL_INTERVAL_PUSH_MS : POLL_INTERVAL_MS;
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      refreshSession(dispatch);
      interval = setInterval(() => refreshSession(dispatch), every);
    }, POLL_START_DELAY_MS);
    return () => {
      clearTimeout(start);
      if (interval) clearInterval(interval);
    };
  }, [dispatch, liveUp, loggedIn, pushSubscribed]);

  useEffect(() => {
    if (!loggedIn || !liveUp) return undefined;
    const every = pushSubscribed ? POLL_INTERVAL_PUSH_MS : POLL_INTERVAL_MS;
    const interval = setInterval(() => refreshUser(dispatch), every);
    return () => clearInterval(interval);
  }, [dispatch, liveUp, loggedIn, pushSubscribed]);

  // A pushed message or like (the service worker tells every open page) reloads chats and likes at once (docs/product/calls-and-errors.md).
  useEffect(() => {
    if (!loggedIn || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'push') refreshSession(dispatch);
    };
    const workers = navigator.serviceWorker;
    workers.addEventListener('message', onMessage);
    return () => workers.removeEventListener('message', onMessage);
  }, [dispatch, loggedIn]);
}

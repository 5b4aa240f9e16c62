import { useEffect } from 'react';
import {
  coreApi, POLL_INTERVAL_MS, POLL_INTERVAL_PUSH_MS, POLL_START_DELAY_MS, useAppDispatch, type AppDispatch,
} from '@dating/shared';
import { useSessionUser } from './use-session';

export function refreshSession(dispatch: AppDispatch): void {
  const options = { forceRefetch: true, subscribe: false } as const;
  void dispatch(coreApi.endpoints.getUser.initiate(undefined, options));
  void dispatch(coreApi.endpoints.getChats.initiate(undefined, options));
  void dispatch(coreApi.endpoints.getLikes.initiate(undefined, options));
}

/**
 * SPEC §9: user, chats and likes are refreshed every 60 s (300 s when push is subscribed, because pushed messages
 * refresh them), the first time 5 s after load, and only while logged in.
 */
export function useSessionPolling(): void {
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const loggedIn = user !== false;
  const pushSubscribed = user !== false && user.push_subscribed === true;

  useEffect(() => {
    if (!loggedIn) return undefined;
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
  }, [dispatch, loggedIn, pushSubscribed]);

  // A pushed message or like (the service worker tells every open page) reloads chats and likes at once (SPEC §7).
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

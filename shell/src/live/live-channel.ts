import type { LiveEvent } from '@dating/shared';

export const LIVE_URL = '/api/live.php';
/** A `reconnect` event's delay is taken up to this bound (a server cannot park a tab for long). */
export const LIVE_RECONNECT_MAX_MS = 10_000;
/** After the server refused the stream (403, 5xx, a proxy's error page): first retry, doubled up to the cap. */
export const LIVE_RETRY_MIN_MS = 5_000;
export const LIVE_RETRY_MAX_MS = 60_000;

export interface LiveChannelHandlers {
  onEvent(event: LiveEvent): void;
  /** true while the stream is open; false while (re)connecting or refused. */
  onStatus(up: boolean): void;
  /** The server refused the stream (not a dropped connection): perhaps the session ended. */
  onRefused(): void;
}

/**
 * One `EventSource` for this tab. A dropped connection is retried by the browser itself (the server's `retry:`
 * hint); a refused one (any non-200 answer closes an EventSource for good) is opened again after a growing delay.
 * A node that stops (a rolling restart) says goodbye with a `reconnect` event: the tab opens a new stream after
 * the delay it names (spread by the server, at most a few seconds), which the load balancer sends to a node that
 * stays; the app refetches once when it is open again, as after any gap. Returns the function that closes it.
 */
export function openLiveChannel(handlers: LiveChannelHandlers): () => void {
  if (typeof EventSource === 'undefined') {
    handlers.onStatus(false);
    return () => undefined;
  }
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let delay = LIVE_RETRY_MIN_MS;
  let closed = false;

  const connect = () => {
    source = new EventSource(LIVE_URL, { withCredentials: true });
    source.onopen = () => {
      delay = LIVE_RETRY_MIN_MS;
      handlers.onStatus(true);
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      handlers.onEvent(event);
    };
    source.addEventListener('reconnect', (message: MessageEvent<string>) => {
      let after = 1_000;
      try {
        const asked = Number((JSON.parse(message.data) as { after_ms?: unknown }).after_ms);
        if (Number.isFinite(asked)) after = Math.min(Math.max(asked, 0), LIVE_RECONNECT_MAX_MS);
      } catch {
        // no delay named: the default
      }
      source?.close();
      source = null;
      handlers.onStatus(false);
      retryTimer = setTimeout(connect, after);
    });
    source.onerror = () => {
      handlers.onStatus(false);
      if (source?.readyState !== EventSource.CLOSED || closed) return;
      source = null;
      handlers.onRefused();
      retryTimer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, LIVE_RETRY_MAX_MS);
    };
  };
  connect();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}

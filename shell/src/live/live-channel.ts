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
  /**
   * The stream came back but the server's log no longer covers what was missed (or it could not tell): refetch
   * once. Not called when the stream resumed: the events missed meanwhile came with it.
   */
  onResync(): void;
}

/**
 * Where the tab is in the member's event log: the id of the last event received (`Last-Event-ID`; at first where the
 * log stood when the page was made, if the page says), and whether a stream was open before. Kept by the caller
 * across channels (a tab hidden for a while closes its channel and opens a new one when visible again).
 */
export interface LivePosition {
  lastEventId: string;
  opened: boolean;
}
export const newLivePosition = (from = ''): LivePosition => ({ lastEventId: from, opened: false });

/** The stream's URL: a new EventSource names where to resume (a browser's own reconnect sends the header). */
export function liveUrl(lastEventId: string): string {
  return lastEventId ? `${LIVE_URL}?last_event_id=${encodeURIComponent(lastEventId)}` : LIVE_URL;
}

/**
 * One `EventSource` for this tab. A dropped connection is retried by the browser itself (the server's `retry:`
 * hint, with `Last-Event-ID`); a refused one (any non-200 answer closes an EventSource for good) is opened again
 * after a growing delay. A node that stops (a rolling restart) says goodbye with a `reconnect` event: the tab opens
 * a new stream after the delay it names (spread by the server, at most a few seconds), which the load balancer
 * sends to a node that stays. Every stream that comes back resumes from the last event the tab saw
 * (docs/adr/0039-live-resume.md): the server replays what was missed, then says `ready`; only when its log no
 * longer covers the gap does `ready` ask for one refetch (`onResync`). Returns the function that closes it.
 */
export function openLiveChannel(
  handlers: LiveChannelHandlers,
  position: LivePosition = newLivePosition(),
): () => void {
  if (typeof EventSource === 'undefined') {
    handlers.onStatus(false);
    return () => undefined;
  }
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let delay = LIVE_RETRY_MIN_MS;
  let closed = false;

  /** The id this stream resumes from (what the browser sends back), read when it opens. */
  let resumedFrom = '';
  const connect = () => {
    source = new EventSource(liveUrl(position.lastEventId), { withCredentials: true });
    source.onopen = () => {
      delay = LIVE_RETRY_MIN_MS;
      resumedFrom = position.lastEventId;
      handlers.onStatus(true);
    };
    source.onmessage = (message: MessageEvent<string>) => {
      if (message.lastEventId) position.lastEventId = message.lastEventId;
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      handlers.onEvent(event);
    };
    // The end of every stream's opening (after any replay): its id is where the stream goes on from.
    source.addEventListener('ready', (message: MessageEvent<string>) => {
      if (message.lastEventId) position.lastEventId = message.lastEventId;
      let resync = true;
      try {
        resync = (JSON.parse(message.data) as { resync?: unknown }).resync !== false;
      } catch {
        // unreadable: refetch to be safe
      }
      // A stream that resumed from an id its log no longer covers missed something: refetch once. So did one that
      // came back with no id to resume from; only the page's first stream without an id (no position from the
      // page) follows the page's own data, as close as it can.
      if (resumedFrom ? resync : position.opened) handlers.onResync();
      position.opened = true;
    });
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

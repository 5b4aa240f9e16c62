import type { LiveEvent } from '@dating/shared/contract/index';

/**
 * One open connection's callback. `json` is the event serialised once per node, ready to write; `id` its place in
 * the member's event log (the SSE `id:`), absent for events that are not logged (typing) or on a hub without a log.
 */
export type LiveListener = (event: LiveEvent, json: string, id?: string) => void;

/**
 * A connection that only writes the serialised event (an SSE stream): given the text as published, so a hub that
 * hears events as text (Redis) does not parse them for it (ADR 0031 addendum: a delivered event's CPU).
 */
export interface LiveWriter {
  write(json: string, id?: string): void;
}

/**
 * What a stream that (re)opens gets from the member's event log (docs/adr/0039-live-resume.md): `head` is the id
 * the stream continues from (the newest entry, or the last one replayed); `replay` the events after the client's
 * last id, oldest first, or null when the log no longer covers the gap (the client refetches once). `head` is null
 * when the hub keeps no log (or the log could not be read).
 */
export interface LiveResume {
  head: string | null;
  replay: { id: string; json: string }[] | null;
}

/** Events a member's log keeps, at most (the oldest go first). */
export const LIVE_LOG_MAX_EVENTS = 100;
/** Events older than this leave the log (and with them the ability to resume from them). */
export const LIVE_LOG_MAX_AGE_MS = 30 * 60_000;

/** Whether an event goes into the member's log: a `typing` hint is stale by the time a client comes back. */
export const loggedEvent = (event: LiveEvent): boolean => event.type !== 'typing';

/**
 * Orders two log ids of one hub: `<n>` (the database's sequence) or `<ms>-<n>` (a Redis stream's entry id).
 * Answers < 0, 0 or > 0.
 */
export function compareLiveIds(a: string, b: string): number {
  const [a1 = 0, a2 = 0] = a.split('-').map(Number);
  const [b1 = 0, b2 = 0] = b.split('-').map(Number);
  return a1 - b1 || a2 - b2;
}

/**
 * What the offline notifier (domains/live/offline.ts) reads about the member an unheard event is for. A writer that
 * read it already with its own statement hands it over (`OfflineHint`), so the unheard event costs no lookup.
 */
export interface OfflineMemberRow {
  id: number;
  site_id: number;
  email: string | null;
  language: string;
  status: string;
  fictional: boolean;
  name: string | null;
  /** The conversation's messages, this one included, counted up to 2 (1: a new conversation). */
  conversation_messages: number;
  has_push: boolean;
  new_conversations: boolean;
  new_messages: boolean;
  like: boolean;
}
/** The offline notifier as a writer sees it: told the member an event is for, as the writer read them. */
export interface OfflineHint {
  expect(event: LiveEvent, member: OfflineMemberRow): void;
}

/** Told about an event that reached no open connection of the member on any node (the Web Push fallback). */
export type UndeliveredHandler = (userId: number, event: LiveEvent) => void;

/**
 * The live channel's hub (docs/adr/0008-live-channel.md): writers publish events for members after their transaction has
 * committed; each open connection of this node subscribes for its member. The in-process hub is the embedded
 * default; with `REDIS_URL` the Redis hub (`live-redis.ts`) carries events between nodes behind the same interface,
 * so writers never change.
 */
export interface LiveHub {
  /**
   * Delivers `event` to every open connection of each member. Never throws: a lost event is refetched by polling.
   * `heard` is called for each member the event reached on some node (Redis: once PUBLISH has answered), so a
   * writer can send what only an open page shows (counters) to exactly those members.
   */
  publish(userIds: number | readonly number[], event: LiveEvent, heard?: (userId: number) => void): void;
  /** Registers a connection of `userId`; returns the function that removes it (safe to call twice). */
  subscribe(userId: number, listener: LiveListener | LiveWriter): () => void;
  /** Resolves once events for `userId` published anywhere reach this node (Redis: the SUBSCRIBE is confirmed). */
  ready(userId: number): Promise<void>;
  /**
   * Reads the member's event log after `after` (the client's `Last-Event-ID`; null for a fresh stream). Call it
   * after `ready`: every event not in the answer then reaches the listener, and those in both are told apart by
   * id. An id in no shape this hub makes, or not in this member's log, is answered as not covered. Never throws.
   */
  resume(userId: number, after: string | null): Promise<LiveResume>;
  /** Drops log entries past their age (the database log; a Redis log expires by itself). */
  sweep(): Promise<void>;
  /** Resolves once what was published before the call has been delivered (or found no connection). */
  settled(): Promise<void>;
  /** Open connections of `userId` on this node. */
  connections(userId: number): number;
  /**
   * Whether an event for `userId` may reach an open connection: false only when it surely cannot (one node and
   * no connection here), so a writer can skip building events only an open page would show (counters).
   */
  reachable(userId: number): boolean;
  /** Who is told about events that reached nobody (set once, by the live domain). */
  onUndelivered(handler: UndeliveredHandler): void;
  close(): Promise<void>;
}

/**
 * The same hub, counting what is published on this node (one per member an event is for): the metric
 * `live_events_published_total` (lib/ops/metrics.ts).
 */
export function countingHub<T extends LiveHub>(hub: T): T & { published(): number } {
  let count = 0;
  const publish = hub.publish.bind(hub);
  return Object.assign(hub, {
    publish(userIds: number | readonly number[], event: LiveEvent, heard?: (userId: number) => void) {
      count += typeof userIds === 'number' ? 1 : userIds.length;
      publish(userIds, event, heard);
    },
    published: () => count,
  });
}

/** The node's own connections by member: the fan-out both hubs share. */
export function createFanOut() {
  const listeners = new Map<number, Set<LiveListener | LiveWriter>>();
  return {
    /**
     * Calls every listener of `userId`; answers how many there were. `event` may be a function that reads it from
     * `json`: it runs only for a listener that takes the object (a writer gets the text), at most once.
     */
    deliver(userId: number, event: LiveEvent | (() => LiveEvent), json: string, id?: string): number {
      const set = listeners.get(userId);
      if (!set) return 0;
      let read = typeof event === 'function' ? undefined : event;
      for (const listener of set) {
        try {
          if (typeof listener !== 'function') listener.write(json, id);
          else listener((read ??= (event as () => LiveEvent)()), json, id);
        } catch {
          // One broken connection must not keep the event from the member's other tabs.
        }
      }
      return set.size;
    },
    add(userId: number, listener: LiveListener | LiveWriter): () => boolean {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      let removed = false;
      /** Answers true when this was the member's last connection on this node. */
      return () => {
        if (removed) return false;
        removed = true;
        set.delete(listener);
        if (set.size > 0 || listeners.get(userId) !== set) return false;
        listeners.delete(userId);
        return true;
      };
    },
    count: (userId: number) => listeners.get(userId)?.size ?? 0,
    clear: () => listeners.clear(),
  };
}

const ids = (userIds: number | readonly number[]) => (typeof userIds === 'number' ? [userIds] : userIds);

/** Where the one-node hub keeps each member's events (the database: live-log-db.ts). */
export interface LiveLog {
  /** Stores the events (in this order) and answers their ids; one call at a time (the hub queues them). */
  append(entries: readonly { userId: number; json: string }[]): Promise<string[]>;
  /** As `LiveHub.resume`; the hub runs it between appends. */
  resume(userId: number, after: string | null): Promise<LiveResume>;
  sweep(): Promise<void>;
}

/**
 * One node: publish is the fan-out itself; a member with no connection here has none anywhere. With a `log`
 * (the database, on the embedded default path) every event but typing is stored first and delivered with its id,
 * so a stream that reconnects resumes where it stopped; appends and resumes take turns, in the order asked, so
 * ids reach the streams in increasing order. Everything published while the log's previous step runs is stored by
 * the next one statement (at least the publishes of one synchronous run: a send's message and its sender's copy).
 */
export function createLocalLiveHub(
  log?: LiveLog,
  warn: (err: unknown, message: string) => void = () => undefined,
): LiveHub {
  const fanOut = createFanOut();
  let undelivered: UndeliveredHandler | undefined;
  const deliver = (
    userId: number,
    event: LiveEvent,
    json: string,
    heard?: (userId: number) => void,
    id?: string,
  ) => {
    if (fanOut.deliver(userId, event, json, id) === 0) undelivered?.(userId, event);
    else heard?.(userId);
  };
  /** The log's work, one step at a time. */
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const result = turn.then(step);
    turn = result.catch(() => undefined);
    return result;
  };
  type Pending = { userId: number; event: LiveEvent; json: string; heard?: (userId: number) => void };
  /** The events waiting for their turn: everything published while the log's last step runs is stored together. */
  let next: Pending[] | null = null;
  const store = (items: Pending[]) =>
    inTurn(async () => {
      next = null;
      let logged: string[] | null = null;
      try {
        logged = await log!.append(items.map(({ userId, json }) => ({ userId, json })));
      } catch (err) {
        // Delivered without ids: the open streams still get them; a stream that drops now refetches.
        warn(err, 'live log append failed');
      }
      items.forEach((item, i) => deliver(item.userId, item.event, item.json, item.heard, logged?.[i]));
    });
  return {
    publish(userIds, event, heard) {
      const json = JSON.stringify(event);
      if (!log || !loggedEvent(event)) {
        for (const id of ids(userIds)) deliver(id, event, json, heard);
        return;
      }
      if (!next) store((next = [])).catch((err: unknown) => warn(err, 'live delivery failed'));
      for (const userId of ids(userIds)) next.push({ userId, event, json, heard });
    },
    async resume(userId, after) {
      if (!log) return { head: null, replay: after === null ? [] : null };
      try {
        return await inTurn(() => log.resume(userId, after));
      } catch (err) {
        warn(err, 'live log resume failed');
        return { head: null, replay: null };
      }
    },
    sweep: async () => log?.sweep(),
    async settled() {
      await turn;
    },
    subscribe(userId, listener) {
      const remove = fanOut.add(userId, listener);
      return () => void remove();
    },
    ready: async () => undefined,
    connections: (userId) => fanOut.count(userId),
    reachable: (userId) => fanOut.count(userId) > 0,
    onUndelivered(handler) {
      undelivered = handler;
    },
    async close() {
      // What was published before the close is stored (and delivered) before the database goes.
      await turn;
      fanOut.clear();
    },
  };
}
export { ids as liveRecipients };

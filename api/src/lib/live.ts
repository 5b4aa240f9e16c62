import type { LiveEvent } from '@dating/shared/contract/index';

/** One open connection's callback. `json` is the event serialised once per node, ready to write. */
export type LiveListener = (event: LiveEvent, json: string) => void;

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
  subscribe(userId: number, listener: LiveListener): () => void;
  /** Resolves once events for `userId` published anywhere reach this node (Redis: the SUBSCRIBE is confirmed). */
  ready(userId: number): Promise<void>;
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
  const listeners = new Map<number, Set<LiveListener>>();
  return {
    /** Calls every listener of `userId`; answers how many there were. */
    deliver(userId: number, event: LiveEvent, json: string): number {
      const set = listeners.get(userId);
      if (!set) return 0;
      for (const listener of set) {
        try {
          listener(event, json);
        } catch {
          // One broken connection must not keep the event from the member's other tabs.
        }
      }
      return set.size;
    },
    add(userId: number, listener: LiveListener): () => boolean {
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

/** One node: publish is the fan-out itself; a member with no connection here has none anywhere. */
export function createLocalLiveHub(): LiveHub {
  const fanOut = createFanOut();
  let undelivered: UndeliveredHandler | undefined;
  return {
    publish(userIds, event, heard) {
      const json = JSON.stringify(event);
      for (const id of ids(userIds)) {
        if (fanOut.deliver(id, event, json) === 0) undelivered?.(id, event);
        else heard?.(id);
      }
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
      fanOut.clear();
    },
  };
}
export { ids as liveRecipients };

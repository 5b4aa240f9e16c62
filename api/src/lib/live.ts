import type { LiveEvent } from '@dating/shared/contract/index';

export type LiveListener = (event: LiveEvent) => void;

/**
 * The live channel's hub (ARCHITECTURE §7b): writers publish events for members after their transaction has
 * committed; each open connection of this node subscribes for its member. This is the in-process fan-out of the
 * embedded default; the transport (the `/api/` endpoint, Redis between nodes, Web Push for members with no open
 * connection) is built on this interface, so writers never change when it does.
 */
export interface LiveHub {
  /** Delivers `event` to every open connection of each member. Never throws: a lost event is refetched by polling. */
  publish(userIds: number | readonly number[], event: LiveEvent): void;
  /** Registers a connection of `userId`; returns the function that removes it. */
  subscribe(userId: number, listener: LiveListener): () => void;
  /** Open connections of `userId` on this node. */
  connections(userId: number): number;
  close(): Promise<void>;
}

export function createLocalLiveHub(): LiveHub {
  const listeners = new Map<number, Set<LiveListener>>();
  return {
    publish(userIds, event) {
      for (const id of typeof userIds === 'number' ? [userIds] : userIds) {
        for (const listener of listeners.get(id) ?? []) {
          try {
            listener(event);
          } catch {
            // One broken connection must not keep the event from the member's other tabs.
          }
        }
      }
    },
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    connections(userId) {
      return listeners.get(userId)?.size ?? 0;
    },
    async close() {
      listeners.clear();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** Changes every API node must hear about, because each keeps short-lived caches of its own. */
export type BusEvent =
  | { type: 'session-revoked'; hash: string }
  | { type: 'sessions-revoked'; userId: number; keepHash: string | null }
  | { type: 'members-changed' }
  | { type: 'blocks-changed'; userIds: number[] }
  /** These members' chat lists changed (a send or a read, published after its commit: chat/messages/). */
  | { type: 'chats-changed'; userIds: number[] }
  /** A site's settings were edited (staff): every node reloads its sites. */
  | { type: 'sites-changed' };

export interface Bus {
  /** Tells the other nodes; the publishing node has already applied the change to itself. */
  publish(event: BusEvent): void;
  /** Handles events published by other nodes. */
  subscribe(handler: (event: BusEvent) => void): void;
  /**
   * Handles every event, this node's own included (at once, when published), for state a node cannot clear
   * before publishing: open live connections of an ended session close wherever they are.
   */
  subscribeAll(handler: (event: BusEvent) => void): void;
  /**
   * Whether this node hears the other nodes now. A cache that only the bus keeps right serves from memory only
   * while this holds, and empties itself on `onResume` (events published while it was down are lost).
   */
  hearing(): boolean;
  /** Runs whenever hearing starts again after an interruption. */
  onResume(handler: () => void): void;
  close(): Promise<void>;
}

/** One node: nobody else to tell. */
export function createLocalBus(): Bus {
  const all: ((event: BusEvent) => void)[] = [];
  return {
    publish: (event) => all.forEach((handler) => handler(event)),
    subscribe: () => undefined,
    subscribeAll: (handler) => void all.push(handler),
    hearing: () => true,
    onResume: () => undefined,
    close: async () => undefined,
  };
}

/**
 * Several nodes (docs/product/architecture.md): Redis pub/sub on a channel per database, so a logout or a password reset on
 * one node ends the session on every node at once instead of after their cache time.
 */
export function createRedisBus(url: string, channel: string, log: FastifyBaseLogger): Bus {
  const node = randomUUID();
  // Auto-pipelining: what one event-loop turn publishes goes to Redis in one write (ADR 0031).
  const publisher = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
  });
  const subscriber = new Redis(url, { lazyConnect: false });
  const handlers: ((event: BusEvent) => void)[] = [];
  const all: ((event: BusEvent) => void)[] = [];
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (err: unknown) => log.warn({ err }, 'redis bus connection error'));
  }
  const resumed: (() => void)[] = [];
  let hearing = false;
  const ready = subscriber.subscribe(channel).then(() => {
    hearing = true;
  });
  // ioredis subscribes again by itself after a reconnect; what was published in between is lost.
  subscriber.on('close', () => {
    hearing = false;
  });
  subscriber.on('ready', () => {
    if (hearing) return;
    // 'ready' comes before the subscription is renewed: a moment early is harmless, the caches only just emptied.
    hearing = true;
    for (const handler of resumed) handler();
  });
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const { from, event } = JSON.parse(message) as { from: string; event: BusEvent };
      if (from !== node) for (const handler of [...handlers, ...all]) handler(event);
    } catch (err) {
      log.warn({ err }, 'unreadable bus message');
    }
  });
  return {
    publish(event) {
      for (const handler of all) handler(event);
      publisher.publish(channel, JSON.stringify({ from: node, event })).catch((err: unknown) => {
        log.warn({ err }, 'bus publish failed');
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    subscribeAll(handler) {
      all.push(handler);
    },
    hearing: () => hearing,
    onResume(handler) {
      resumed.push(handler);
    },
    async close() {
      await ready.catch(() => undefined);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '@dating/shared/contract/index';
import { createFanOut, liveRecipients, type LiveHub, type UndeliveredHandler } from './live';

/**
 * The live hub across nodes (docs/product/architecture.md, docs/adr/0008-live-channel.md). Every node keeps its own connections and subscribes to one
 * Redis channel per member it serves: SUBSCRIBE on the member's first connection here, UNSUBSCRIBE after the last.
 * `publish` goes through Redis, whose PUBLISH answers how many nodes hold the member's channel: 0 means the member
 * has no open connection anywhere (then the Web Push fallback is told). No node tracks where members are.
 */
export function createRedisLiveHub(url: string, prefix: string, log: FastifyBaseLogger): LiveHub {
  const fanOut = createFanOut();
  let undelivered: UndeliveredHandler | undefined;
  // Auto-pipelining: the commands of one event-loop turn (the PUBLISHes of a burst of sends, the SUBSCRIBEs of
  // streams opening together) go to Redis as one write and come back as one read (ADR 0031).
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  const subscriber = new Redis(url, { enableAutoPipelining: true });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (err: unknown) => log.warn({ err }, 'redis live hub connection error'));
  }
  const channelOf = (userId: number) => `${prefix}${userId}`;
  /** The last (UN)SUBSCRIBE sent per member; Redis applies them in order on the one subscriber connection. */
  const pending = new Map<number, Promise<unknown>>();

  subscriber.on('message', (channel: string, json: string) => {
    if (!channel.startsWith(prefix)) return;
    let event: LiveEvent;
    try {
      event = JSON.parse(json) as LiveEvent;
    } catch (err) {
      log.warn({ err }, 'unreadable live event');
      return;
    }
    fanOut.deliver(Number(channel.slice(prefix.length)), event, json);
  });

  const track = (userId: number, command: Promise<unknown>) => {
    const settled = command.catch((err: unknown) =>
      log.warn({ err, userId }, 'redis live (un)subscribe failed'),
    );
    pending.set(userId, settled);
    void settled.then(() => {
      if (pending.get(userId) === settled) pending.delete(userId);
    });
  };

  return {
    publish(userIds, event, heard) {
      const json = JSON.stringify(event);
      for (const userId of liveRecipients(userIds)) {
        publisher
          .publish(channelOf(userId), json)
          .then((nodes) => {
            if (nodes === 0) undelivered?.(userId, event);
            else heard?.(userId);
          })
          .catch((err: unknown) => log.warn({ err, userId }, 'live publish failed'));
      }
    },
    subscribe(userId, listener) {
      const first = fanOut.count(userId) === 0;
      const remove = fanOut.add(userId, listener);
      if (first) track(userId, subscriber.subscribe(channelOf(userId)));
      return () => {
        if (remove()) track(userId, subscriber.unsubscribe(channelOf(userId)));
      };
    },
    async ready(userId) {
      await pending.get(userId);
    },
    connections: (userId) => fanOut.count(userId),
    // The member may be connected to another node: only Redis knows, at the price of a round trip.
    reachable: () => true,
    onUndelivered(handler) {
      undelivered = handler;
    },
    async close() {
      fanOut.clear();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

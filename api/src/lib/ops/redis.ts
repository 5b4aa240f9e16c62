import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** A command that has not answered in this time fails: the caller falls back instead of waiting. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * The node's Redis connection for shared counters (rate limits) and the readiness check. Unlike the bus, it never
 * queues commands while disconnected and gives up on a command after `REDIS_COMMAND_TIMEOUT_MS`: a limit asks
 * Redis on the request path, and a Redis that is down or stops answering must cost a request at most that long
 * (then the node counts by itself, `rate-store.ts`). It reconnects by itself; an outage is logged once, when it
 * starts, and its end once.
 */
export function openRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    // Reconnect attempts: 100 ms, 200 ms, … at most every 2 s, for as long as the node runs.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: err.message },
      'redis unreachable: rate limits are counted per node until it answers again',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.warn('redis answers again: rate limits are shared by every node again');
  });
  return redis;
}

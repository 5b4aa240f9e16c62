import type { Redis } from 'ioredis';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** What @fastify/rate-limit asks a store (its `FastifyRateLimitStore`, declared here: the runtime calls these). */
type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Counters a node keeps for itself at most (the oldest windows go first beyond it). */
const LOCAL_KEYS = 50_000;

/** A fixed window per key in this process: the embedded default, and the fallback while Redis is away. */
export class LocalCounter {
  private readonly windows = new Map<string, { count: number; start: number }>();

  incr(key: string, timeWindow: number, now = Date.now()): Result {
    let entry = this.windows.get(key);
    if (!entry || entry.start + timeWindow <= now) {
      if (entry) this.windows.delete(key);
      entry = { count: 0, start: now };
      if (this.windows.size >= LOCAL_KEYS) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.start + timeWindow - now };
  }
}

// INCR and PEXPIRE as one step: the first request of a window sets its end; every node counts on the same key.
const LUA = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type WithCommand = Redis & {
  rateLimitIncr(
    key: string,
    timeWindow: number,
    cb: (err: Error | null, result?: [number, number]) => void,
  ): void;
};

/**
 * The store of every rate limit (`@fastify/rate-limit`'s `store` option): with Redis, one counter per route and key
 * for all nodes (an atomic INCR + PEXPIRE script), so N nodes allow the limit once, not N times. When Redis does
 * not answer (down, or slower than the connection's command timeout) the request is counted in this node's memory
 * instead: a limit falls back to per-node counting, never to none, and the site stays up. `onFallback` is told
 * (the connection itself logs the outage once).
 */
export function sharedRateLimitStore(
  redis: Redis | null,
  prefix: string,
  onFallback: (err: Error) => void = () => undefined,
): FastifyRateLimitStoreCtor {
  if (redis && !(redis as WithCommand).rateLimitIncr) {
    redis.defineCommand('rateLimitIncr', { numberOfKeys: 1, lua: LUA });
  }
  class SharedRateLimitStore {
    readonly local = new LocalCounter();
    readonly key: string;

    constructor(_params?: unknown, key = prefix) {
      this.key = key;
    }

    // The plugin calls incr(key, cb, timeWindow, max), though its types name only the first two.
    incr(key: string, cb: Callback, timeWindow = 60_000): void {
      const local = () => cb(null, this.local.incr(key, timeWindow));
      if (!redis || redis.status !== 'ready') return local();
      (redis as WithCommand).rateLimitIncr(this.key + key, timeWindow, (err, result) => {
        if (err || !result) {
          onFallback(err ?? new Error('no answer'));
          return local();
        }
        cb(null, { current: Number(result[0]), ttl: Number(result[1]) });
      });
    }

    child(params: RouteParams) {
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      return new SharedRateLimitStore(undefined, `${this.key}${method}${params.routeInfo?.url ?? ''}-`);
    }
  }
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

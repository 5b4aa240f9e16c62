import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '@dating/shared/contract/index';
import {
  createFanOut,
  liveRecipients,
  LIVE_LOG_MAX_AGE_MS,
  LIVE_LOG_MAX_EVENTS,
  loggedEvent,
  type LiveHub,
  type LiveResume,
  type UndeliveredHandler,
} from './live';

/**
 * Appends the event to the member's log (a Redis stream: the entry id is the event's id), trims the log to its
 * bound by count and age, and PUBLISHes `<id>\n<json>` on the member's channel, all in one script: the order of
 * the ids is the order every node hears the events in. Answers [nodes that heard it, id].
 * KEYS[1] the log; ARGV: channel, json, max events, max age in ms.
 */
const PUBLISH_LOGGED = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[3], '*', 'e', ARGV[2])
local t = redis.call('TIME')
local oldest = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) - tonumber(ARGV[4])
redis.call('XTRIM', KEYS[1], 'MINID', string.format('%d', oldest))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {redis.call('PUBLISH', ARGV[1], id .. '\\n' .. ARGV[2]), id}
`;

/**
 * The same for several events at once (those published in one synchronous run: a send's two copies, a batch of
 * counters): one script call, one reply, in the order given. Answers [nodes, id] per event, flattened.
 * KEYS the logs; ARGV: max events, max age in ms, then channel and json per event.
 */
const PUBLISH_LOGGED_MANY = `
local t = redis.call('TIME')
local oldest = string.format('%d', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) - tonumber(ARGV[2]))
local out = {}
for i = 1, #KEYS do
  local json = ARGV[2 + 2 * i]
  local id = redis.call('XADD', KEYS[i], 'MAXLEN', ARGV[1], '*', 'e', json)
  redis.call('XTRIM', KEYS[i], 'MINID', oldest)
  redis.call('PEXPIRE', KEYS[i], ARGV[2])
  out[2 * i - 1] = redis.call('PUBLISH', ARGV[1 + 2 * i], id .. '\\n' .. json)
  out[2 * i] = id
end
return out
`;

/**
 * A stream (re)opens: when the client's last id (ARGV[1], '' for none) is still in the log, the entries after it
 * and the last of them (or that id) as the head; otherwise the newest entry as the head, and an anchor entry
 * first when the log is empty (a stream that drops before its first event can still resume). Answers
 * [head, covered 1/0, entries]. KEYS[1] the log; ARGV: after, max events, max age in ms.
 */
const RESUME = `
local replay = false
if ARGV[1] ~= '' then
  if #redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[1]) == 1 then
    replay = redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+')
  end
end
local head
if replay then
  if #replay > 0 then head = replay[#replay][1] else head = ARGV[1] end
else
  local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
  if #last == 0 then head = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[2], '*', 'a', '') else head = last[1][1] end
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if replay then return {head, 1, replay} end
return {head, 0, {}}
`;
/** A Redis stream entry id, as this log makes them (an id in another shape is not covered, never sent to Redis). */
const STREAM_ID = /^\d{1,15}-\d{1,15}$/;

interface LiveScripts {
  livePublish(
    log: string,
    channel: string,
    json: string,
    max: number,
    ageMs: number,
  ): Promise<[number, string]>;
  livePublishMany(keys: number, ...args: (string | number)[]): Promise<(number | string)[]>;
  liveResume(
    log: string,
    after: string,
    max: number,
    ageMs: number,
  ): Promise<[string, number, [string, string[]][]]>;
}

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
  publisher.defineCommand('livePublish', { numberOfKeys: 1, lua: PUBLISH_LOGGED });
  publisher.defineCommand('livePublishMany', { lua: PUBLISH_LOGGED_MANY });
  publisher.defineCommand('liveResume', { numberOfKeys: 1, lua: RESUME });
  const scripts = publisher as unknown as LiveScripts;
  const subscriber = new Redis(url, { enableAutoPipelining: true });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (err: unknown) => log.warn({ err }, 'redis live hub connection error'));
  }
  const channelOf = (userId: number) => `${prefix}${userId}`;
  const logOf = (userId: number) => `${prefix}log:${userId}`;
  /** The last (UN)SUBSCRIBE sent per member; Redis applies them in order on the one subscriber connection. */
  const pending = new Map<number, Promise<unknown>>();

  subscriber.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    // `<id>\n<json>`; an event that is not logged (typing) has an empty id. Parsed only for a listener that
    // takes the object: a stream writes the text as it came (ADR 0031 addendum).
    const cut = message.indexOf('\n');
    const json = message.slice(cut + 1);
    const read = (): LiveEvent => {
      try {
        return JSON.parse(json) as LiveEvent;
      } catch (err) {
        log.warn({ err }, 'unreadable live event');
        throw err;
      }
    };
    fanOut.deliver(
      Number(channel.slice(prefix.length)),
      read,
      json,
      cut > 0 ? message.slice(0, cut) : undefined,
    );
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

  /** What a publish does once Redis has answered how many nodes heard the event. */
  const answered = (
    userId: number,
    event: LiveEvent,
    heard: ((userId: number) => void) | undefined,
    nodes: number,
  ) => {
    if (nodes === 0) undelivered?.(userId, event);
    else heard?.(userId);
  };
  type Logged = { userId: number; event: LiveEvent; json: string; heard?: (userId: number) => void };
  /**
   * The logged events of this synchronous run (a send's two copies, a batch of counters), sent when it ends as one
   * script call: one command to write and one reply to read instead of one per event (ADR 0031 addendum). The
   * order of the ids is the order of the publishes, as with one call each.
   */
  let run: Logged[] | null = null;
  const sendRun = () => {
    const batch = run;
    if (!batch) return;
    run = null;
    const failed = (err: unknown) => {
      for (const { userId } of batch) log.warn({ err, userId }, 'live publish failed');
    };
    if (batch.length === 1) {
      const [{ userId, event, json, heard }] = batch as [Logged];
      scripts
        .livePublish(logOf(userId), channelOf(userId), json, LIVE_LOG_MAX_EVENTS, LIVE_LOG_MAX_AGE_MS)
        .then(([nodes]) => answered(userId, event, heard, nodes))
        .catch(failed);
      return;
    }
    const args: (string | number)[] = batch.map(({ userId }) => logOf(userId));
    args.push(LIVE_LOG_MAX_EVENTS, LIVE_LOG_MAX_AGE_MS);
    for (const { userId, json } of batch) args.push(channelOf(userId), json);
    scripts
      .livePublishMany(batch.length, ...args)
      .then((reply) => {
        batch.forEach(({ userId, event, heard }, i) => answered(userId, event, heard, Number(reply[2 * i])));
      })
      .catch(failed);
  };

  return {
    publish(userIds, event, heard) {
      const json = JSON.stringify(event);
      if (!loggedEvent(event)) {
        // After the logged events published before it, as Redis would have taken them one by one.
        sendRun();
        for (const userId of liveRecipients(userIds)) {
          publisher
            .publish(channelOf(userId), `\n${json}`)
            .then((nodes) => answered(userId, event, heard, nodes))
            .catch((err: unknown) => log.warn({ err, userId }, 'live publish failed'));
        }
        return;
      }
      if (!run) {
        run = [];
        queueMicrotask(sendRun);
      }
      for (const userId of liveRecipients(userIds)) run.push({ userId, event, json, heard });
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
    async resume(userId, after): Promise<LiveResume> {
      const valid = after !== null && STREAM_ID.test(after);
      try {
        const [head, covered, entries] = await scripts.liveResume(
          logOf(userId),
          valid ? after : '',
          LIVE_LOG_MAX_EVENTS,
          LIVE_LOG_MAX_AGE_MS,
        );
        if (after !== null && !(valid && covered === 1)) return { head, replay: null };
        const replay = entries.flatMap(([id, fields]) =>
          fields[0] === 'e' && fields[1] !== undefined ? [{ id, json: fields[1] }] : [],
        );
        return { head, replay };
      } catch (err) {
        log.warn({ err, userId }, 'live log resume failed');
        return { head: null, replay: null };
      }
    },
    // The log trims itself on every append and expires LIVE_LOG_MAX_AGE_MS after the member's last event.
    sweep: async () => undefined,
    // Redis answers one connection's commands in order: after this answer, the earlier publishes' have come.
    async settled() {
      sendRun();
      await publisher.ping().catch(() => undefined);
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

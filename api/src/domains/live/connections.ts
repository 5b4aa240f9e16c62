import type { Bus } from '../../lib/bus';
import { compareLiveIds, type LiveHub, type LiveResume } from '../../lib/live';

/** Every ~25 s each stream gets a comment line: proxies and browsers keep an idle stream open. */
export const HEARTBEAT_MS = 25_000;
/** A member's tabs on one node; an 11th closes the oldest (a runaway page cannot hold a node's sockets). */
export const MAX_CONNECTIONS_PER_MEMBER = 10;
/** A client that does not read what it is sent is cut off; it reconnects and resumes (or refetches). */
export const MAX_BUFFERED_BYTES = 1 << 20;
/** Browsers reconnect a dropped stream after this delay (the `retry:` field of SSE). */
export const LIVE_RETRY_MS = 3_000;

/**
 * The last event of a stream's opening: its `id:` is where the stream continues from in the member's log (the
 * client sends it back as `Last-Event-ID` when it reconnects), `resync` says the log did not cover the client's
 * gap (or could not be read): refetch once. Without an id (no log) the browser keeps the id it had.
 */
export function readyEvent(head: string | null, resync: boolean): string {
  return `${head === null ? '' : `id: ${head}\n`}event: ready\ndata: {"resync":${resync}}\n\n`;
}

export interface LiveConnection {
  userId: number;
  /** SHA-256 of the session token: what revocations name and the heartbeat re-checks. */
  sessionHash: string;
  /** Writes raw SSE text; answers false when the client cannot keep up. */
  write(chunk: string): boolean;
  /** Ends the stream (the client reconnects, or finds its session gone). */
  end(): void;
}

/**
 * The open live streams of this node, by member and by session: each is subscribed to the hub for its member, gets
 * a heartbeat, and is closed when its session ends anywhere (logout, password reset, deletion: the bus tells
 * every node) or when the periodic check finds the session gone (expiry).
 */
export function createLiveConnections(deps: {
  hub: LiveHub;
  bus: Bus;
  /** Which of these sessions still hold (one query per heartbeat for all open streams of the node). */
  stillValid(sessionHashes: readonly string[]): Promise<Set<string>>;
  heartbeatMs?: number;
}) {
  const open = new Set<LiveConnection>();
  const unsubscribe = new Map<LiveConnection, () => void>();
  /**
   * How many streams each member has open here: a stream that opens checks its member's count without copying
   * every open stream (that copy made opening n streams cost n² and, past ~16,000 streams, one large-object
   * allocation per stream; docs/adr/0039-live-resume.md).
   */
  const perMember = new Map<number, number>();

  function close(connection: LiveConnection): void {
    if (!open.delete(connection)) return;
    const left = (perMember.get(connection.userId) ?? 1) - 1;
    if (left > 0) perMember.set(connection.userId, left);
    else perMember.delete(connection.userId);
    unsubscribe.get(connection)?.();
    unsubscribe.delete(connection);
    connection.end();
  }
  const closeWhere = (match: (connection: LiveConnection) => boolean) => {
    for (const connection of [...open]) if (match(connection)) close(connection);
  };

  deps.bus.subscribeAll((event) => {
    if (event.type === 'session-revoked') closeWhere((c) => c.sessionHash === event.hash);
    if (event.type === 'sessions-revoked') {
      closeWhere((c) => c.userId === event.userId && c.sessionHash !== event.keepHash);
    }
  });

  const heartbeat = setInterval(() => {
    for (const connection of open) {
      if (!connection.write(': ping\n\n')) close(connection);
    }
    const checked = new Set([...open].map((c) => c.sessionHash));
    deps.stillValid([...checked]).then(
      (valid) => closeWhere((c) => checked.has(c.sessionHash) && !valid.has(c.sessionHash)),
      () => undefined,
    );
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /**
     * Registers a stream and writes its opening: the `retry:` hint, then (for a client that says where it
     * stopped: `lastEventId`) the events it missed from the member's log, then the `ready` event. Resolves once
     * that is written; from then on every event for the member published on any node reaches the stream, each
     * exactly once: events heard while the log was read wait, and those the replay already had are dropped by id.
     * Returns its close function.
     */
    async add(connection: LiveConnection, lastEventId: string | null = null): Promise<() => void> {
      if ((perMember.get(connection.userId) ?? 0) >= MAX_CONNECTIONS_PER_MEMBER) {
        // The member's oldest stream (a Set iterates in insertion order).
        for (const c of open) {
          if (c.userId !== connection.userId) continue;
          close(c);
          break;
        }
      }
      open.add(connection);
      perMember.set(connection.userId, (perMember.get(connection.userId) ?? 0) + 1);
      /** The newest id written; events at or below it were written already. Null: write all. */
      let last: string | null = null;
      /** Events heard before the opening is written. */
      let waiting: [json: string, id: string | undefined][] | null = [];
      const write = (json: string, id: string | undefined) => {
        if (id !== undefined) {
          if (last !== null && compareLiveIds(id, last) <= 0) return;
          last = id;
        }
        if (!connection.write(id === undefined ? `data: ${json}\n\n` : `id: ${id}\ndata: ${json}\n\n`))
          close(connection);
      };
      unsubscribe.set(
        connection,
        // A writer: the stream needs the event's text only, as published (a Redis hub does not parse it).
        deps.hub.subscribe(connection.userId, {
          write(json, id) {
            if (waiting) waiting.push([json, id]);
            else write(json, id);
          },
        }),
      );
      let resumed: LiveResume;
      try {
        await deps.hub.ready(connection.userId);
        resumed = await deps.hub.resume(connection.userId, lastEventId);
      } catch (err) {
        // Not subscribed after all (its hub unreachable): the stream is not kept, nor its place in the count.
        close(connection);
        throw err;
      }
      let opening = `retry: ${LIVE_RETRY_MS}\n: open\n\n`;
      for (const entry of resumed.replay ?? []) opening += `id: ${entry.id}\ndata: ${entry.json}\n\n`;
      const resync = resumed.replay === null;
      opening += readyEvent(resumed.head, resync);
      last = resumed.head;
      if (open.has(connection) && !connection.write(opening)) close(connection);
      const heard = waiting;
      waiting = null;
      for (const [json, id] of heard) if (open.has(connection)) write(json, id);
      return () => close(connection);
    },
    count: () => open.size,
    /** Ends the member's streams on this node without a word, as a lost connection does (a dev path for tests). */
    drop(userId: number): number {
      const mine = [...open].filter((c) => c.userId === userId);
      closeWhere((c) => c.userId === userId);
      return mine.length;
    },
    /**
     * Ends every stream of this node (the node stops). `farewell` is written to each first: the reconnect hint of
     * a drain (live.ts), so clients come back at once, spread out, to a node that stays.
     */
    closeAll(farewell?: () => string): void {
      clearInterval(heartbeat);
      if (farewell) for (const connection of open) connection.write(farewell());
      closeWhere(() => true);
    },
  };
}
export type LiveConnections = ReturnType<typeof createLiveConnections>;

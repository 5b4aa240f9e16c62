import type { Bus } from '../../lib/bus';
import type { LiveHub } from '../../lib/live';

/** Every ~25 s each stream gets a comment line: proxies and browsers keep an idle stream open. */
export const HEARTBEAT_MS = 25_000;
/** A member's tabs on one node; an 11th closes the oldest (a runaway page cannot hold a node's sockets). */
export const MAX_CONNECTIONS_PER_MEMBER = 10;
/** A client that does not read what it is sent is cut off; it reconnects and refetches. */
export const MAX_BUFFERED_BYTES = 1 << 20;

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

  function close(connection: LiveConnection): void {
    if (!open.delete(connection)) return;
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
    /** Registers a stream; resolves once events published on any node reach it. Returns its close function. */
    async add(connection: LiveConnection): Promise<() => void> {
      const mine = [...open].filter((c) => c.userId === connection.userId);
      if (mine.length >= MAX_CONNECTIONS_PER_MEMBER) close(mine[0]!);
      open.add(connection);
      unsubscribe.set(
        connection,
        deps.hub.subscribe(connection.userId, (_event, json) => {
          if (!connection.write(`data: ${json}\n\n`)) close(connection);
        }),
      );
      await deps.hub.ready(connection.userId);
      return () => close(connection);
    },
    count: () => open.size,
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

import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { hashToken } from '../../../lib/auth';
import { LIVE_RETRY_MS, MAX_BUFFERED_BYTES } from '../connections';

export { LIVE_RETRY_MS };
/** A draining node asks its clients back within this time, each at a random moment (no thundering herd). */
export const DRAIN_RECONNECT_MS = 2_000;

/**
 * The last words of a stream whose node is stopping (a rolling restart): a short `retry:` for browsers that
 * simply reconnect, and a `reconnect` event the site's client honours by opening a new stream after `after_ms`
 * (shell/src/live/live-channel.ts) — to another node, since this one is unready and closing.
 */
export function drainFarewell(random = Math.random): string {
  const after = Math.round(100 + random() * (DRAIN_RECONNECT_MS - 100));
  return `retry: ${after}\nevent: reconnect\ndata: {"after_ms":${after}}\n\n`;
}

/** Longer than any id a log makes: anything longer is not looked at. */
const MAX_EVENT_ID_LENGTH = 40;

/**
 * Where the client stopped: the `Last-Event-ID` header (an EventSource sends it when it reconnects by itself),
 * else `?last_event_id=` (the site's client opening a new EventSource after a drain or a refusal). Null for a
 * fresh stream; any other text is passed on, and an id the member's log does not hold is answered with a resync.
 */
export function lastEventIdOf(header: unknown, query: unknown): string | null {
  const given = typeof header === 'string' && header !== '' ? header : query;
  if (typeof given !== 'string' || given === '') return null;
  return given.slice(0, MAX_EVENT_ID_LENGTH);
}

/**
 * Fastify keeps each request's `request`, `reply` and request logger for the hooks it runs when the response
 * finishes (its `onResFinished` listener); a hijacked stream that stays open for hours would hold them all along,
 * about a seventh of an open stream's memory (docs/adr/0039-live-resume.md). The stream lets them go: its end is
 * neither timed nor logged as a request (the node's gauge `live_streams_open` counts the streams).
 */
export function releaseFastify(res: ServerResponse): number {
  let released = 0;
  for (const event of ['finish', 'error'] as const) {
    for (const listener of res.listeners(event)) {
      if (listener.name !== 'onResFinished') continue;
      res.removeListener(event, listener as (...args: unknown[]) => void);
      released += 1;
    }
  }
  return released;
}

/** The head of a live stream: the event stream's type, never stored or transformed, not buffered by a proxy. */
const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  // nginx and similar proxies would otherwise buffer the stream.
  'x-accel-buffering': 'no',
} as const;

/** What node:http binds to each connection it serves (its own names, node 22–24), taken off a stream's socket. */
const NODE_HTTP_LISTENERS = new Set([
  'bound socketOnData',
  'bound socketOnEnd',
  'bound socketOnClose',
  'bound socketOnDrain',
  'socketOnError',
  'socketOnTimeout',
  'onSocketResume',
  'onSocketPause',
  'onServerResponseClose',
]);
const STREAM_SOCKET_EVENTS = [
  'data',
  'end',
  'close',
  'drain',
  'error',
  'timeout',
  'resume',
  'pause',
] as const;

interface HttpCommon {
  freeParser(parser: unknown, req: unknown, socket: unknown): void;
}
/** node:http's own release of a connection's parser (what it does for an upgraded connection); null if gone. */
const httpCommon = (() => {
  try {
    const common = process.getBuiltinModule('_http_common') as Partial<HttpCommon> | undefined;
    return typeof common?.freeParser === 'function' ? (common as HttpCommon) : null;
  } catch {
    return null;
  }
})();

/** A live stream's connection taken from node:http, and how to write to it (the head goes with the first bytes). */
export interface TakenStream {
  socket: Socket;
  write(chunk: string): void;
}

/**
 * Takes a live stream's connection from node:http, as node:http itself hands over an upgraded connection (a
 * WebSocket): its own response head (`connection: close`: the body runs until the connection ends, no chunk
 * framing), sent with the stream's first bytes as node:http sends a head, then lets go of the HTTP parser (native memory, freed otherwise only when the connection closes), the
 * request, the response and the listeners node:http binds per connection, none of which a stream needs again: an
 * open stream is then its socket and the api's own few objects (the memory saved: docs/adr/0039-live-resume.md).
 * Null, with nothing done, where the connection is not a plain node:http one (an injected request in tests) or
 * node:http no longer looks as expected: the stream then goes through the response as before.
 *
 * The head waits for the first `write`: a client takes the head as the stream being open (an EventSource's
 * `open`), and the stream is open only once its opening is written, after it is subscribed (`liveRoute`).
 */
export function takeSocket(res: ServerResponse): TakenStream | null {
  const socket = res.socket as (Socket & { parser?: unknown }) | null;
  if (!httpCommon || !socket || socket.destroyed || !socket.parser || res.headersSent) return null;
  const kept = STREAM_SOCKET_EVENTS.flatMap((event) =>
    socket.listeners(event).filter((listener) => NODE_HTTP_LISTENERS.has(listener.name)),
  );
  if (!kept.some((listener) => listener.name === 'bound socketOnData')) return null;
  let head = 'HTTP/1.1 200 OK\r\n';
  const headers: Record<string, unknown> = { ...res.getHeaders(), ...STREAM_HEADERS, connection: 'close' };
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : [value])
      if (one !== undefined) head += `${name}: ${one}\r\n`;
  }
  res.detachSocket(socket);
  for (const event of STREAM_SOCKET_EVENTS) {
    for (const listener of socket.listeners(event)) {
      if (NODE_HTTP_LISTENERS.has(listener.name)) socket.removeListener(event, listener as () => void);
    }
  }
  httpCommon.freeParser(socket.parser, res.req, socket);
  // What node:http did for the connection: an error ends it quietly, the client's end ends it (no half-open
  // stream), anything the client sends is read and dropped.
  socket.on('error', () => socket.destroy());
  socket.on('end', () => socket.end());
  socket.resume();
  let unsent = `${head}\r\n`;
  return {
    socket,
    write(chunk) {
      socket.write(unsent + chunk);
      unsent = '';
    },
  };
}

/**
 * `GET /api/live.php`: the member's live channel as Server-Sent Events (docs/adr/0008-live-channel.md): one stream
 * per tab behind the session cookie, each event one `data:` line of JSON (`LiveEvent`) with its `id:` in the
 * member's event log, a comment every 25 s. A stream that reconnects with `Last-Event-ID` gets what it missed
 * from the log, then a `ready` event; when the log no longer covers the gap, `ready` says `resync` and the client
 * refetches once (docs/adr/0039-live-resume.md).
 */
export const liveRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { liveConnections } = app.services;
  // Before the server closes (it waits for every open socket, and a stream never ends by itself): streams end
  // with the reconnect hint, the node's other requests finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    liveConnections.closeAll(() => drainFarewell());
  });
  app.addHook('onClose', async () => liveConnections.closeAll());

  app.get('/api/live.php', { schema: { tags: ['live'], response: errors(403) } }, async (request, reply) => {
    const userId = await request.requireUserId();
    const sessionToken = request.sessionToken()!;
    const query = request.query as Record<string, unknown> | undefined;
    const lastEventId = lastEventIdOf(request.headers['last-event-id'], query?.last_event_id);
    reply.hijack();
    const res = reply.raw;
    releaseFastify(res);
    // The stream writes to its socket (`takeSocket`), or where that cannot be done, through the response.
    const taken = request.method === 'GET' && !closing ? takeSocket(res) : null;
    const socket = taken?.socket ?? null;
    const out: Writable = socket ?? res;
    if (!socket) res.writeHead(200, { ...STREAM_HEADERS, connection: 'keep-alive' });
    (socket ?? res.socket)?.setNoDelay(true);
    // A stream asked for while the node closes (it reached us on an open connection) would hold the close
    // forever: it gets the reconnect hint at once.
    if (closing) {
      res.end(drainFarewell());
      return;
    }
    let ended = false;
    // A stream that cannot open (its hub unreachable) is ended by `add` (through `end` below): the client retries,
    // as after any drop.
    const close = await liveConnections.add(
      {
        userId,
        sessionHash: hashToken(sessionToken),
        write: (chunk) => {
          if (ended) return false;
          if (taken) taken.write(chunk);
          else out.write(chunk);
          return out.writableLength < MAX_BUFFERED_BYTES;
        },
        end: () => {
          if (ended) return;
          ended = true;
          // A taken socket closes once its last bytes are out (as node:http closes a `connection: close`
          // response's): a drained node does not wait for clients to close their side.
          if (socket) socket.destroySoon();
          else res.end();
        },
      },
      lastEventId,
    );
    // The first bytes (written by `add`: the `retry:` hint, any replay, `ready`) open the EventSource on the
    // client: only then are events published anywhere heard here.
    out.on('close', close);
    if (out.destroyed) close();
  });
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { hashToken } from '../../../lib/auth';
import { MAX_BUFFERED_BYTES } from '../connections';

/** Browsers reconnect a dropped stream after this delay (the `retry:` field of SSE). */
export const LIVE_RETRY_MS = 3_000;
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

/**
 * `GET /api/live.php`: the member's live channel as Server-Sent Events (docs/adr/0008-live-channel.md, ADR 0008): one stream per
 * tab behind the session cookie, each event one `data:` line of JSON (`LiveEvent`), a comment every 25 s. There
 * are no event ids: a client that reconnects refetches user, chats and likes instead of replaying.
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
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    // A stream asked for while the node closes (it reached us on an open connection) would hold the close
    // forever: it gets the reconnect hint at once.
    if (closing) {
      res.end(drainFarewell());
      return;
    }
    let ended = false;
    const close = await liveConnections.add({
      userId,
      sessionHash: hashToken(sessionToken),
      write: (chunk) => {
        if (ended) return false;
        res.write(chunk);
        return res.writableLength < MAX_BUFFERED_BYTES;
      },
      end: () => {
        if (ended) return;
        ended = true;
        res.end();
      },
    });
    // The first bytes open the EventSource on the client: only now are events published anywhere heard here.
    res.write(`retry: ${LIVE_RETRY_MS}\n: open\n\n`);
    res.on('close', close);
    if (res.destroyed) close();
  });
};

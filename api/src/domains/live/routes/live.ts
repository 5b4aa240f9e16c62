import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { hashToken } from '../../accounts';
import { MAX_BUFFERED_BYTES } from '../connections';

/** Browsers reconnect a dropped stream after this delay (the `retry:` field of SSE). */
export const LIVE_RETRY_MS = 3_000;

/**
 * `GET /api/live.php`: the member's live channel as Server-Sent Events (ARCHITECTURE §7b, ADR 0008): one stream per
 * tab behind the session cookie, each event one `data:` line of JSON (`LiveEvent`), a comment every 25 s. There
 * are no event ids: a client that reconnects refetches user, chats and likes instead of replaying.
 */
export const liveRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { liveConnections } = app.services;
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
    let ended = false;
    const close = await liveConnections.add({
      userId,
      sessionToken,
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

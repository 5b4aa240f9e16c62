import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A request made on this machine: the socket's peer is loopback and no proxy forwarded it. `request.ip` is not
 * used: behind a trusted proxy it is whatever the proxy says, and a proxy on this machine connects from loopback
 * for every visitor, hence the forwarded headers count as "not local".
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  if (!LOOPBACK.test(peer)) return false;
  const h = request.headers;
  return !h['x-forwarded-for'] && !h['x-real-ip'] && !h.forwarded && !h['x-forwarded-host'];
}

/**
 * Development-only routes (`/dev/*`: mailbox, SMS outbox, API docs) answer only requests made on this machine,
 * as a 404 for anyone else (ARCHITECTURE §6); in production they are not registered at all. Applies to any
 * route under `/dev/`, whoever registers it.
 */
export function registerDevOnlyGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if ((route.startsWith('/dev/') || route === '/dev') && !isLocalRequest(request)) {
      // Sent here, not thrown: plugins registered before the error handler (the API docs) keep Fastify's own.
      return reply.sendError(notFound());
    }
  });
}

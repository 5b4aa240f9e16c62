import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { addRouteHook } from '../lib/route-hooks';
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
 * as a 404 for anyone else (docs/product/architecture.md); in production they are not registered at all. Applies to any
 * route under `/dev/`, whoever registers it.
 */
export function registerDevOnlyGuard(app: FastifyInstance) {
  // Attached to each route under /dev (decided on the route's full path, prefix included), so no other request
  // pays for it. Registered before any plugin that adds routes (the API docs), hence it sees every route.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!(route.url.startsWith('/dev/') || route.url === '/dev')) return;
    const guard: onRequestHookHandler = (request, reply, done) => {
      if (isLocalRequest(request)) return done();
      // Sent here, not passed on: plugins registered before the error handler (the API docs) keep Fastify's own.
      reply.sendError(notFound());
    };
    addRouteHook(route, 'onRequest', guard);
  });
}

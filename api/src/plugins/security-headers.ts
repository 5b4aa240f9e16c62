import fp from 'fastify-plugin';
import { HTTPS_HEADERS, SECURITY_HEADERS } from '../lib/security-headers';

/**
 * Sets the headers on every answer (routes, errors, 404s, static files) in onRequest, so a route may still
 * override one (a page with its own CSP). A callback hook: no promise per request.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.protocol === 'https' ? HTTPS_HEADERS : SECURITY_HEADERS);
      done();
    });
  },
  { name: 'security-headers' },
);

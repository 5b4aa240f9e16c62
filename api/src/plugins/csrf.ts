import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for endpoints called by third parties (payment webhooks): no X-Requested-With check. */
    csrf?: boolean;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cross-site form or image cannot set X-Requested-With, so requiring it on every state-changing /api call
 * blocks CSRF without tokens (ARCHITECTURE §5). Runs before body parsing.
 */
export const csrfPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
      if (request.routeOptions.config?.csrf === false) return;
      if (request.headers['x-requested-with'] !== 'XMLHttpRequest') throw new ApiError(403, 'csrf');
    });
  },
  { name: 'csrf', dependencies: ['context'] },
);

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for endpoints called by third parties (payment webhooks): no X-Requested-With check. */
    csrf?: boolean;
    /**
     * For a link that reaches the route from outside the site with a secret in its URL (the List-Unsubscribe
     * target a mail client POSTs to, RFC 8058): a request without the header passes only when this finds the
     * secret valid. A cross-site form cannot know the secret, so the secret does the header's job.
     */
    csrfSecret?: (request: FastifyRequest) => Promise<boolean>;
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
      const config = request.routeOptions.config;
      if (config?.csrf === false) return;
      if (request.headers['x-requested-with'] === 'XMLHttpRequest') return;
      if (config?.csrfSecret && (await config.csrfSecret(request))) return;
      throw new ApiError(403, 'csrf');
    });
  },
  { name: 'csrf', dependencies: ['context'] },
);

import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import { addRouteHook } from '../lib/route-hooks';
import { ApiError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'search'`: visitors (logged out) get an answer only where the site's settings allow logged-out search
     * (docs/product/member-model.md: `logged_out_search`, or a traffic source with `logged_out_search_trafficsource`); otherwise 403
     * auth_required. Members always do. Put it on every route that reads member profiles.
     */
    visitors?: 'search';
  }
}

/** A visitor came through an affiliate link (query or the cookie the landers set). */
function hasTrafficSource(request: FastifyRequest): boolean {
  const q = (request.query ?? {}) as Record<string, unknown>;
  return Boolean(q.network || q.ref || request.cookies.network || request.cookies.ref);
}

export function visitorMayBrowse(request: FastifyRequest): boolean {
  const s = request.site.baseSettings;
  return (
    s.logged_out_search === 'other' ||
    (s.logged_out_search_trafficsource === 'other' && hasTrafficSource(request))
  );
}

/**
 * Rate limit for scraping member profiles: per address, for visitors only (a member's reading is bounded by the
 * account). `max` requests per minute.
 */
export const visitorRateLimit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  allowList: async (request: FastifyRequest) => (await request.currentUserId()) !== null,
});

/** docs/product/member-model.md visitor rules for every route that declares `config.visitors`. */
export function registerVisitorAccess(app: FastifyInstance) {
  // Only on the routes that declare it, before their own preHandlers (where the global hook used to run).
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.visitors !== 'search') return;
    const guard: preHandlerHookHandler = (request, reply, done) => {
      request.currentUserId().then(
        (id) =>
          done(id !== null || visitorMayBrowse(request) ? undefined : new ApiError(403, 'auth_required')),
        (err: Error) => done(err),
      );
    };
    addRouteHook(route, 'preHandler', guard);
  });
}

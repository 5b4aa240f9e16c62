import type { FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors';
import { addRouteHook } from '../lib/route-hooks';
import { urlHost } from '../lib/site-origin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The cross-site request guard. Default: every state-changing method (POST, PUT, PATCH, DELETE) is refused
     * from another site (`Origin` / `Sec-Fetch-Site`), and on `/api/` routes also needs `X-Requested-With`.
     * `'always'`: the header is needed on GET too (state-changing GETs of docs/product/calls-and-errors.md: logout, auto-like).
     * `'same-site'`: only the `Origin` / `Sec-Fetch-Site` check, no header: for `navigator.sendBeacon`, which
     * cannot set one (client telemetry). A cross-site page still cannot post.
     * `false`: no check at all, for calls made by third parties (payment webhooks).
     */
    csrf?: boolean | 'always' | 'same-site';
    /**
     * For a link that reaches the route from outside the site with a secret in its URL (the List-Unsubscribe
     * target a mail client POSTs to, RFC 8058): a request without the header passes only when this finds the
     * secret valid. A cross-site form cannot know the secret, so the secret does the header's job.
     */
    csrfSecret?: (request: FastifyRequest) => Promise<boolean>;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request comes from the page's own origin or from the site's own domain (www. included). */
function sameSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  // `none`: typed into the address bar or a bookmark; `same-origin`: our own page.
  if (fetchSite === 'cross-site') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return fetchSite !== 'same-site';
  const host = urlHost(origin);
  if (!host) return false;
  if (host === (request.headers.host ?? '').toLowerCase() || host === request.host?.toLowerCase())
    return true;
  const domain = request.site?.domain?.toLowerCase();
  const bare = host.replace(/:\d+$/, '').replace(/^www\./, '');
  return Boolean(domain) && bare === domain;
}

/**
 * CSRF guard (docs/adr/0007-server-by-domain.md). It decides on the route that matched, never on the raw URL: `/%61pi/user.php`
 * reaches the `/api/user.php` route and is guarded like it. A cross-site form or image cannot set
 * X-Requested-With, and a browser says where a request comes from in `Origin` and `Sec-Fetch-Site`.
 * Clients that send neither (curl, server-to-server) still need the header on `/api/`.
 */
export const csrfPlugin = fp(
  async (app) => {
    // Attached to each route it can act on (decided once, from the route's methods and config): a GET, HEAD or
    // OPTIONS route without `csrf: 'always'` pays nothing per request. Unmatched paths answer 404 anyway.
    app.addHook('onRoute', (route: RouteOptions) => {
      const mode = route.config?.csrf;
      if (mode === false) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (mode !== 'always' && methods.every((method) => SAFE.has(method))) return;
      const needsHeader = mode === 'always' || (mode !== 'same-site' && route.url.startsWith('/api/'));
      const secret = route.config?.csrfSecret;
      const guard: onRequestHookHandler = (request, reply, done) => {
        const unsafe = !SAFE.has(request.method);
        if (!unsafe && mode !== 'always') return done();
        if (unsafe && !sameSite(request)) return done(new ApiError(403, 'csrf'));
        // Only the /api contract (and `always` routes) need the header.
        if (!needsHeader || request.headers['x-requested-with'] === 'XMLHttpRequest') return done();
        if (!secret) return done(new ApiError(403, 'csrf'));
        secret(request).then(
          (valid) => done(valid ? undefined : new ApiError(403, 'csrf')),
          (err: Error) => done(err),
        );
      };
      addRouteHook(route, 'onRequest', guard);
    });
  },
  { name: 'csrf', dependencies: ['context'] },
);

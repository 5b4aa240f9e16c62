import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { TELEMETRY_MAX_BYTES, TelemetryReportSchema } from '@dating/shared/contract/telemetry';
import { errors } from '../../../lib/contract';
import { ApiError } from '../../../lib/errors';
import { urlHost } from '../../../lib/site-origin';
import { onPage, type BeaconRefusal } from '../telemetry';
import { readViewToken, telemetryVisitor, VIEW_TOKEN_TTL_MS } from '../view-token';

/**
 * The beacon comes from one of this site's own pages: its `Origin` (or, from a browser that sends none, its
 * `Referer`) names the host the request was made to, or the site's domain. Neither header: not a page of ours.
 */
function fromOwnPage(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const host = origin && origin !== 'null' ? urlHost(origin) : referer ? urlHost(referer) : null;
  if (!host) return false;
  if (host === (request.headers.host ?? '').toLowerCase()) return true;
  const domain = request.site?.domain?.toLowerCase();
  return Boolean(domain) && host.replace(/:\d+$/, '').replace(/^www\./, '') === domain;
}

/**
 * `POST /api/telemetry.php`: the shell's beacon (docs/adr/0032-canary-guard.md). Accepted only
 * - from this site's own page (`Origin`, else `Referer`; neither, or another site's: 403 `csrf`);
 * - with the page's view token, signed by this server and not older than two hours (403 `forbidden`);
 * - for the versions that page was given (a view of another app or version: the beacon is refused, 403);
 * - within its schema, at most 16 KB, at most TELEMETRY_RATE_LIMIT (30) beacons a minute per address.
 * Each view of a page counts once: a replay, or a second beacon for a view already reported, is answered 204 and
 * adds nothing. Every refused beacon is counted in /metrics (`telemetry_beacons_refused_total{reason}`).
 * `navigator.sendBeacon` cannot send X-Requested-With, so the route asks for none.
 */
export const telemetryRoute: FastifyPluginAsyncTypebox = async (app) => {
  const refuse = (reason: BeaconRefusal, request: FastifyRequest) => {
    app.ops.metrics.telemetryRefused(reason);
    request.log.info({ telemetry: reason }, 'telemetry beacon refused');
    return new ApiError(403, reason === 'origin' ? 'csrf' : 'forbidden');
  };

  app.post(
    '/api/telemetry.php',
    {
      bodyLimit: TELEMETRY_MAX_BYTES,
      config: {
        // Checked below, stricter than the cross-site guard: an Origin or Referer is required.
        csrf: false,
        rateLimit: { max: app.config.canary.telemetryRateLimit, timeWindow: '1 minute' },
      },
      // Before the body is read: a beacon from elsewhere costs no parsing.
      onRequest: (request, _reply, done) =>
        done(fromOwnPage(request) ? undefined : refuse('origin', request)),
      schema: {
        tags: ['site'],
        body: TelemetryReportSchema,
        response: { 204: Type.Null(), ...errors(400, 403, 413, 429) },
      },
    },
    async (request, reply) => {
      const { secrets, telemetry } = app.services;
      if (!request.body.token) throw refuse('token_missing', request);
      const token = readViewToken(secrets, request.body.token);
      if ('refused' in token) throw refuse(token.refused, request);
      if (!onPage(request.body.views, token)) throw refuse('not_on_page', request);
      const counted = await telemetry.record({
        views: request.body.views,
        visitor: telemetryVisitor(secrets, token.visitor),
        claim: { page: token.page, expiresAt: new Date(token.issued + VIEW_TOKEN_TTL_MS) },
      });
      if (counted < request.body.views.length) app.ops.metrics.telemetryRefused('replay');
      return reply.code(204).send(null);
    },
  );
};

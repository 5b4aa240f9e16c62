import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { TELEMETRY_MAX_BYTES, TelemetryReportSchema } from '@dating/shared/contract/telemetry';
import { errors } from '../../../lib/contract';
import { EXPERIMENT_COOKIE, parseExperimentCookie } from '../assignment';
import { admissibleViews } from '../telemetry';

/** Addresses, long digit runs (phone numbers, ids) and query strings never reach the table, even inside a stack. */
function scrub(text: string): string {
  return text
    .replace(/[^\s@'"<>]+@[^\s@'"<>]+\.[a-z]{2,}/gi, '<email>')
    .replace(/\?[^\s)'"]*/g, '')
    .replace(/\d{6,}/g, '<n>');
}

/**
 * `POST /api/telemetry.php`: the shell's beacon (issue 31). Accepts only its schema and at most 16 KB, from this
 * site's own pages (`navigator.sendBeacon` cannot send X-Requested-With, so the Origin check alone guards it), at
 * most TELEMETRY_RATE_LIMIT (30) beacons a minute per address. A view naming a version that is not deployed, or the other arm of a running
 * canary than the visitor's cookie says, is dropped. Answers 204 either way: a page has nothing to do with the answer.
 */
export const telemetryRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/telemetry.php',
    {
      bodyLimit: TELEMETRY_MAX_BYTES,
      config: {
        csrf: 'same-site',
        rateLimit: { max: app.config.canary.telemetryRateLimit, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['site'],
        body: TelemetryReportSchema,
        response: { 204: Type.Null(), ...errors(400, 403, 413, 429) },
      },
    },
    async (request, reply) => {
      const assigned = parseExperimentCookie(request.cookies[EXPERIMENT_COOKIE])?.versions ?? {};
      const { views, refused } = admissibleViews(
        request.body.views,
        app.services.registry.current(),
        assigned,
      );
      if (refused.length) request.log.info({ refused }, 'telemetry views refused');
      await app.services.telemetry.record(
        views.map((view) => ({
          ...view,
          samples: view.samples?.map((s) => ({ ...s, message: scrub(s.message), stack: scrub(s.stack) })),
        })),
      );
      return reply.code(204).send(null);
    },
  );
};

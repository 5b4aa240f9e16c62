import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { ReportRequestSchema, ReportResponseSchema } from '@dating/shared/contract/likes';

/**
 * `POST /api/report.php` (members): a report of a member, stored for moderation and mailed to the site's
 * support address. 5 per 10 minutes per member (429 rate_limited).
 */
export const reportRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/report.php',
    {
      schema: {
        tags: ['likes'],
        body: ReportRequestSchema,
        response: { 201: ReportResponseSchema, ...errors(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const userId = await request.requireUserId();
      await app.services.reports.submit(userId, request.site, request.body, request.site.publicOrigin);
      return reply.code(201).send({ ok: true as const });
    },
  );
};

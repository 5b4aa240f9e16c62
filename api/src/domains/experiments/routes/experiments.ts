import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { ApiError } from '../../../lib/errors';
import { ExperimentQuerySchema, ExperimentReportSchema } from '@dating/shared/contract/experiments';

/** `GET /api/experiments.php?app=mf-landers`: the experiment report, for operators only (403 for members). */
export const experimentsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/experiments.php',
    {
      schema: {
        tags: ['staff'],
        querystring: ExperimentQuerySchema,
        response: { 200: ExperimentReportSchema, ...errors(400, 403) },
      },
    },
    async (request, reply) => {
      const userId = await request.requireUserId();
      if (!(await app.services.experiments.isStaff(userId))) throw new ApiError(403, 'forbidden');
      reply.header('cache-control', 'no-store');
      return app.services.experiments.report(request.query.app);
    },
  );
};

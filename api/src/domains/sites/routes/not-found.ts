import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { ApiError, notFound } from '../../../lib/errors';

/** Unknown /api paths answer a JSON 404, never the HTML shell; a known path with another method a 405. */
export const apiNotFoundRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.all('/api/*', { schema: { hide: true, response: errors(404, 405) } }, async (request, reply) => {
    const allowed = app.methodsOf(request.url.split('?')[0]!);
    if (allowed.length) {
      reply.header('allow', allowed.join(', '));
      throw new ApiError(405, 'method_not_allowed');
    }
    throw notFound();
  });
};

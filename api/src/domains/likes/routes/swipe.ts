import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { SwipeStatusSchema } from '@dating/shared/contract/likes';

/** `GET /api/swipe.php`: today's swipe likes left and the start of the site's next day (docs/product/README.md, docs/product/constants.md). */
export const swipeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/swipe.php',
    { schema: { tags: ['likes'], response: { 200: SwipeStatusSchema, ...errors(403) } } },
    async (request, reply) => {
      const userId = await request.requireUserId();
      reply.header('cache-control', 'no-store');
      return app.services.likes.swipeStatus(userId, request.site, new Date());
    },
  );
};

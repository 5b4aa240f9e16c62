import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AutoLikeResponseSchema, LikesResponseSchema } from '@dating/shared/contract/likes';
import { errors } from '../../../lib/contract';

export const likesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/likes.php',
    {
      schema: {
        tags: ['likes'],
        response: {
          200: LikesResponseSchema,
          ...errors(403),
        },
      },
    },
    async (request, reply) => {
      const userId = await request.requireUserId();
      reply.header('cache-control', 'no-store');
      return app.services.likes.list(request.site, userId);
    },
  );

  app.get(
    '/api/auto-like.php',
    {
      // A GET by contract (docs/product/calls-and-errors.md) that writes a like: the request-type header is required as on a POST.
      config: { csrf: 'always' },
      schema: {
        tags: ['likes'],
        response: {
          200: AutoLikeResponseSchema,
          ...errors(403, 404),
        },
      },
    },
    async (request, reply) => {
      const userId = await request.requireUserId();
      reply.header('cache-control', 'no-store');
      return app.services.likes.autoLike(request.site, userId);
    },
  );
};

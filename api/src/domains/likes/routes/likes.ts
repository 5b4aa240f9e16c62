import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Nullable, ProfileImageSchema, ProfileSchema, errors } from '../../../lib/contract';

export const likesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/likes.php',
    {
      schema: {
        tags: ['likes'],
        response: {
          200: Type.Object({
            profiles: Type.Array(ProfileSchema),
            liked_by: Type.Array(
              Type.Object({
                id: Type.Integer(),
                like_new: Type.Boolean(),
                profile: ProfileSchema,
                liked_at: Type.String(),
              }),
            ),
          }),
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
          200: Type.Object({
            profile: Type.Object({
              id: Type.Integer(),
              name: Type.String(),
              main_image: Nullable(ProfileImageSchema),
            }),
          }),
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

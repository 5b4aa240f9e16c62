import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Nullable, ProfileImageSchema, ProfileSchema, errors } from '../../../lib/contract';
import { ApiError } from '../../../lib/errors';

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
      return app.services.likes.list(userId);
    },
  );

  app.get(
    '/api/auto-like.php',
    {
      // A GET by contract (SPEC §7) that writes a like: the request-type header is required as on a POST.
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
      // A GET that writes (SPEC §7 fixes the method): it still needs the client's request-type header, so a
      // cross-site image or link cannot make likes (the CSRF guard only checks the other methods).
      onRequest: async (request) => {
        if (request.headers['x-requested-with'] !== 'XMLHttpRequest') throw new ApiError(403, 'csrf');
      },
    },
    async (request, reply) => {
      const userId = await request.requireUserId();
      reply.header('cache-control', 'no-store');
      return app.services.likes.autoLike(userId);
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { LikeRequestSchema, LikeResponseSchema, ProfileIdRequestSchema } from '@dating/shared/contract/likes';

/**
 * `POST /api/like.php` likes, `DELETE` unlikes (both idempotent, members only, docs/product/member-model.md). A like of someone who
 * likes me is a match (`match: true`); `source: 'swipe'` uses one of the day's 4 swipe likes.
 */
export const likeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/like.php',
    {
      schema: {
        tags: ['likes'],
        body: LikeRequestSchema,
        response: { 200: LikeResponseSchema, ...errors(400, 403, 404, 429) },
      },
    },
    async (request) => {
      const userId = await request.requireUserId();
      return app.services.likes.like(userId, request.site, request.body.id, request.body.source);
    },
  );

  app.delete(
    '/api/like.php',
    {
      schema: {
        tags: ['likes'],
        body: ProfileIdRequestSchema,
        response: { 200: LikeResponseSchema, ...errors(400, 403) },
      },
    },
    async (request) => {
      const userId = await request.requireUserId();
      return app.services.likes.unlike(userId, request.body.id);
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { OkSchema } from '@dating/shared/contract/common';
import { ProfileIdRequestSchema } from '@dating/shared/contract/likes';

/**
 * `POST /api/like-seen.php` `{ id }`: I opened the profile of member `id`, who liked me, so that like is no longer
 * new (docs/product/member-model.md) and the new-likes badge (like_new of likes.php) drops everywhere. Idempotent.
 */
export const likeSeenRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/like-seen.php',
    {
      schema: {
        tags: ['likes'],
        body: ProfileIdRequestSchema,
        response: { 200: OkSchema, ...errors(400, 403) },
      },
    },
    async (request) => {
      const userId = await request.requireUserId();
      await app.services.likes.seen(userId, request.body.id);
      return { ok: true as const };
    },
  );
};

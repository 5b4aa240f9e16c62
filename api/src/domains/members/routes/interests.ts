import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InterestsResponseSchema } from '@dating/shared/contract/settings';

/** `GET /api/interests.php`: the interest icon set (the members service reads it). */
export const interestsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/interests.php',
    { schema: { tags: ['site'], response: { 200: InterestsResponseSchema } } },
    async () => ({ interests: await app.services.members.interests() }),
  );
};

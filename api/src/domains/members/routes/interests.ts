import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/** `GET /api/interests.php`: the interest icon set (the members service reads it). */
export const interestsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/interests.php',
    { schema: { tags: ['site'], response: { 200: Type.Object({ interests: Type.Array(Type.String()) }) } } },
    async () => ({ interests: await app.services.members.interests() }),
  );
};

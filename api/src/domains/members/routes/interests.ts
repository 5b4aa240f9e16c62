import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { interests } from '../../../db/schema';

export const interestsRoute: FastifyPluginAsyncTypebox = async (app) => {
  let cached: string[] | null = null;
  app.get(
    '/api/interests.php',
    { schema: { tags: ['site'], response: { 200: Type.Object({ interests: Type.Array(Type.String()) }) } } },
    async () => {
      cached ??= (await app.db.select({ name: interests.name }).from(interests).orderBy(interests.name)).map(
        (r) => r.name,
      );
      return { interests: cached };
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BlocksResponseSchema } from '@dating/shared/contract/account';
import { errors } from '../../../lib/contract';

/** `GET /api/blocks.php`: the members I blocked (the /profile page lists them with unblock). */
export const blocksRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/blocks.php',
    {
      schema: {
        tags: ['accounts'],
        response: { 200: BlocksResponseSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      reply.header('cache-control', 'no-store');
      return { blocks: await app.services.accounts.blocks.list(user.id) };
    },
  );
};

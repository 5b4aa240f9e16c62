import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BlockRequestSchema } from '@dating/shared/contract/account';
import { errors } from '../../../lib/contract';

/** `POST /api/block.php` blocks (likes and chats between the two go), `DELETE` unblocks (idempotent). */
export const blockRoute: FastifyPluginAsyncTypebox = async (app) => {
  const body = BlockRequestSchema;

  app.post(
    '/api/block.php',
    { schema: { tags: ['accounts'], body, response: { 204: Type.Null(), ...errors(400, 403, 404) } } },
    async (request, reply) => {
      const user = await request.requireUser();
      await app.services.accounts.blocks.block(user.id, user.siteId, request.body.profile_id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/block.php',
    { schema: { tags: ['accounts'], body, response: { 204: Type.Null(), ...errors(400, 403) } } },
    async (request, reply) => {
      const user = await request.requireUser();
      await app.services.accounts.blocks.unblock(user.id, request.body.profile_id);
      return reply.code(204).send(null);
    },
  );
};

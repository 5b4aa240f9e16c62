import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PasswordInput } from '../schemas';
import { errors } from '../../../lib/contract';

/** `PUT /api/password.php`: change with the old password; the member's other sessions end. */
export const passwordRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/password.php',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['accounts'],
        body: Type.Object({ old_password: PasswordInput, password: PasswordInput }),
        response: { 204: Type.Null(), ...errors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await app.services.accounts.changePassword(
        user.id,
        request.body.old_password,
        request.body.password,
        request.sessionToken(),
      );
      return reply.code(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PasswordChangeSchema } from '@dating/shared/forms/account';
import { errors } from '../../../lib/contract';

/** `PUT /api/password.php`: change with the old password; the member's other sessions end. */
export const passwordRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/password.php',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      // A visitor is 403 auth_required before the body is judged (the form schema would answer 400 first).
      preValidation: async (request) => {
        await request.requireUser();
      },
      schema: {
        tags: ['accounts'],
        body: PasswordChangeSchema,
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

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PasswordResetDoSchema } from '@dating/shared/forms/account';
import { errors } from '../../../lib/contract';

/** `POST /api/password-reset-do.php`: sets the new password from the link; every session of the member ends. */
export const passwordResetDoRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/password-reset-do.php',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['accounts'],
        body: PasswordResetDoSchema,
        response: { 204: Type.Null(), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await app.services.accounts.resetPassword(request.body);
      // This browser's session (if any) ended with the others: drop its cookie too.
      if (request.sessionToken()) await reply.endSession();
      return reply.code(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PasswordResetSchema } from '@dating/shared/forms/account';
import { errors } from '../../../lib/contract';

/** `POST /api/password-reset.php`: mails a reset link (1 h, single use; 3 a day per account). */
export const passwordResetRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/password-reset.php',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['accounts'],
        body: PasswordResetSchema,
        response: { 204: Type.Null(), ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await app.services.accounts.requestReset(request.site, request.body.email, request.site.publicOrigin);
      return reply.code(204).send(null);
    },
  );
};

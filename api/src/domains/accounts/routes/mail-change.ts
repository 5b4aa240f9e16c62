import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MailChangeSchema } from '@dating/shared/forms/account';
import { errors } from '../../../lib/contract';

/** `POST /api/mail-change.php`: confirmation link to the new address; the old address is told. */
export const mailChangeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/mail-change.php',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      // A visitor is 403 auth_required before the body is judged (the form schema would answer 400 first).
      preValidation: async (request) => {
        await request.requireUser();
      },
      schema: {
        tags: ['accounts'],
        body: MailChangeSchema,
        response: { 204: Type.Null(), ...errors(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await app.services.accounts.requestMailChange(
        user.id,
        request.body.email,
        request.body.password,
        request.site.publicOrigin,
      );
      return reply.code(204).send(null);
    },
  );
};

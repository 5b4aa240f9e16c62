import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors } from '../../../lib/contract';

/** `POST /api/activation-mail.php`: a new activation link (earlier ones stop working). */
export const activationMailRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/activation-mail.php',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: { tags: ['accounts'], response: { 204: Type.Null(), ...errors(403, 409, 429) } },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await app.services.accounts.resendActivation(user.id, request.site.publicOrigin);
      return reply.code(204).send(null);
    },
  );
};

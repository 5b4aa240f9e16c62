import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MailChangeDoResponseSchema, TokenRequestSchema } from '@dating/shared/contract/account';
import { errors } from '../../../lib/contract';

/** `POST /api/mail-change-do.php`: the link sent to the new address; from now on it is the login. */
export const mailChangeDoRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/mail-change-do.php',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['accounts'],
        body: TokenRequestSchema,
        response: { 200: MailChangeDoResponseSchema, ...errors(400, 409, 429) },
      },
    },
    async (request) => {
      const { email } = await app.services.accounts.confirmMailChange(request.body.token);
      return { email };
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TokenRequestSchema } from '@dating/shared/contract/account';
import { UserAnswerSchema } from '@dating/shared/contract/user';
import { errors } from '../../../lib/contract';

/** `POST /api/account-reactivate.php`: the mailed link, within 14 days of deletion; logs the member in. */
export const accountReactivateRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/account-reactivate.php',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['accounts'],
        body: TokenRequestSchema,
        response: { 200: UserAnswerSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const userId = await app.services.accounts.deletion.reactivate(request.body.token);
      await reply.startSession({ id: userId });
      app.services.members.clearCache();
      reply.header('cache-control', 'no-store');
      return { user: (await app.services.users.load(userId))! };
    },
  );
};

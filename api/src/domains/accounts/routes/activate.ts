import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TokenRequestSchema } from '@dating/shared/contract/account';
import { UserAnswerSchema } from '@dating/shared/contract/user';
import { errors } from '../../../lib/contract';

/**
 * `POST /api/activate.php`: the link of the activation mail (single use, 48 h); logs the member in. Limited per
 * address like signup (every signup is followed by one activation), so SIGNUP_RATE_LIMIT sets both.
 */
export const activateRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/activate.php',
    {
      config: { rateLimit: { max: app.config.signupRateLimit, timeWindow: '10 minutes' } },
      schema: {
        tags: ['accounts'],
        body: TokenRequestSchema,
        response: { 200: UserAnswerSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const userId = await app.services.accounts.activate(request.body.token);
      const current = await request.currentUser();
      if (current?.id !== userId) await reply.startSession({ id: userId });
      reply.header('cache-control', 'no-store');
      return { user: (await app.services.users.load(userId))! };
    },
  );
};

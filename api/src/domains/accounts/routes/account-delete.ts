import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccountDeleteRequestSchema,
  AccountDeleteInfoSchema,
  AccountDeleteResponseSchema,
} from '@dating/shared/contract/account';
import { errors } from '../../../lib/contract';

/** `/api/account-delete.php`: GET the alternatives and reasons, POST deletes (password required). */
export const accountDeleteRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/account-delete.php',
    { schema: { tags: ['accounts'], response: { 200: AccountDeleteInfoSchema, ...errors(403) } } },
    async (request) => {
      await request.requireUser();
      return app.services.accounts.deletion.info(request.site);
    },
  );

  app.post(
    '/api/account-delete.php',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['accounts'],
        body: AccountDeleteRequestSchema,
        response: { 200: AccountDeleteResponseSchema, ...errors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const until = await app.services.accounts.deletion.remove(
        user.id,
        request.body,
        request.site.publicOrigin,
      );
      await reply.endSession();
      app.services.members.clearCache();
      return { restore_until: until.toISOString() };
    },
  );
};

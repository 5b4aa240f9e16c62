import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProfileUpdateRequestSchema } from '@dating/shared/contract/account';
import { UserAnswerSchema } from '@dating/shared/contract/user';
import { errors } from '../../../lib/contract';

/** `PUT /api/profile.php`: signup steps 2–4, /profile and invisible mode (only the fields sent change). */
export const profileRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/profile.php',
    {
      // A visitor is 403 auth_required before the body is judged (the form schema would answer 400 first).
      preValidation: async (request) => {
        await request.requireUser();
      },
      schema: {
        tags: ['accounts'],
        body: ProfileUpdateRequestSchema,
        response: { 200: UserAnswerSchema, ...errors(400, 403) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      await app.services.accounts.profile.update(request.site, user.id, request.body);
      // Invisible mode takes effect in search at once on this node (other nodes: within the cache's seconds).
      if (request.body.invisible !== undefined) app.services.members.clearCache();
      return { user: (await app.services.users.load(user.id))! };
    },
  );
};

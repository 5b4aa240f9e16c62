import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../../lib/errors';
import { visitorRateLimit } from '../../../plugins/visitor-access';
import { MembersQuerySchema, MembersResponseSchema } from '@dating/shared/contract/members';
import { errors } from '../../../lib/contract';
import { sendJson } from '../../../lib/serialize';

export const membersRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/members.php',
    {
      // docs/product/member-model.md visitor rules (plugins/visitor-access.ts) and a limit on scraping by visitors.
      config: { visitors: 'search', rateLimit: visitorRateLimit(60) },
      schema: {
        tags: ['members'],
        querystring: MembersQuerySchema,
        response: {
          200: MembersResponseSchema,
          ...errors(400, 403),
        },
      },
    },
    async (request, reply) => {
      const userId = await request.currentUserId();
      const q = request.query;
      if (q.min_age && q.max_age && q.min_age > q.max_age)
        throw new ApiError(400, 'validation', { field: 'max_age' }, 'max_age');
      // Pre-serialised (lib/serialize.ts): each cached profile is turned into JSON once, not per request, and a
      // repeated query of the same viewer gets the same bytes while the caches it was built from hold.
      return sendJson(reply, await app.services.members.searchJson(request.site, userId, q));
    },
  );
};

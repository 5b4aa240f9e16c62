import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { visitorRateLimit } from '../../../plugins/visitor-access';
import { MemberQuerySchema, MemberResponseSchema } from '@dating/shared/contract/members';
import { errors } from '../../../lib/contract';

/** `GET /api/member.php?id=`: one profile; 404 when unknown or when that member blocked the viewer. */
export const memberRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/member.php',
    {
      // The same visitor rules as the search (docs/product/member-model.md): a profile by id is no way around logged_out_search.
      config: { visitors: 'search', rateLimit: visitorRateLimit(120) },
      schema: {
        tags: ['members'],
        querystring: MemberQuerySchema,
        response: {
          200: MemberResponseSchema,
          ...errors(400, 404),
        },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return app.services.members.get(request.site, user, request.query.id);
    },
  );
};

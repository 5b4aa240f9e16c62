import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../../lib/errors';
import { visitorRateLimit } from '../../../plugins/visitor-access';
import { GenderSchema, ProfileSchema, errors } from '../../../lib/contract';
import { sendJson } from '../../../lib/serialize';

export const membersRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/members.php',
    {
      // docs/product/member-model.md visitor rules (plugins/visitor-access.ts) and a limit on scraping by visitors.
      config: { visitors: 'search', rateLimit: visitorRateLimit(60) },
      schema: {
        tags: ['members'],
        querystring: Type.Object({
          gender: Type.Optional(GenderSchema),
          country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
          countryregion: Type.Optional(Type.String({ maxLength: 100 })),
          min_age: Type.Optional(Type.Integer({ minimum: 18, maximum: 120 })),
          max_age: Type.Optional(Type.Integer({ minimum: 18, maximum: 120 })),
          pageNumber: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
          numResults: Type.Integer({ minimum: 1, maximum: 100, default: 24 }),
          network: Type.Optional(Type.String({ maxLength: 100 })),
          ref: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: {
          200: Type.Object({
            profiles: Type.Array(ProfileSchema),
            pageNumber: Type.Integer(),
            numResults: Type.Integer(),
            total: Type.Integer(),
            similar: Type.Boolean(),
          }),
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

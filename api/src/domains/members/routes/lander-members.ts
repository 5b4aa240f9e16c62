import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { visitorRateLimit } from '../../../plugins/visitor-access';
import { GenderSchema, Nullable, ProfileImageSchema, errors } from '../../../lib/contract';

export const LanderMemberSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  age: Type.Integer(),
  gender: GenderSchema,
  country: Type.String(),
  region: Nullable(Type.String()),
  city: Nullable(Type.String()),
  main_image: ProfileImageSchema,
});

/**
 * `GET /api/lander-members.php?numResults=&country=`: the member previews of a lander (docs/product/sites-and-landers.md:
 * "Landers show member previews from the site's own audience"). Answered to visitors also where the site does not
 * let them search (`logged_out_search` none: she.localhost, gay.localhost), so it says less than members.php: name,
 * age, place and the approved public main photo, of the site's audience only (members.ts `landerMembers`), at most
 * 24, no paging (no way to walk the member base), rate-limited per address like the other visitor reads.
 */
export const landerMembersRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/lander-members.php',
    {
      config: { rateLimit: visitorRateLimit(60) },
      schema: {
        tags: ['members'],
        querystring: Type.Object({
          numResults: Type.Integer({ minimum: 1, maximum: 24, default: 12 }),
          country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
        }),
        response: {
          200: Type.Object({ profiles: Type.Array(LanderMemberSchema) }),
          ...errors(400),
        },
      },
    },
    async (request) => {
      const { numResults, country } = request.query;
      return { profiles: await app.services.members.landerMembers(request.site, country, numResults) };
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LanderMembersQuerySchema, LanderMembersResponseSchema } from '@dating/shared/contract/members';
import { visitorRateLimit } from '../../../plugins/visitor-access';
import { errors } from '../../../lib/contract';

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
        querystring: LanderMembersQuerySchema,
        response: {
          200: LanderMembersResponseSchema,
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

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { DiscountCodeQuerySchema, DiscountCodeSchema } from '@dating/shared/contract/payments';

/**
 * `GET /api/discountcode.php?code=` looks a code up for the current visitor/member;
 * `?welcome=true` returns the member's welcome code. 404 code_not_found, 409 code_used.
 */
export const discountCodeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/discountcode.php',
    {
      schema: {
        tags: ['payments'],
        querystring: DiscountCodeQuerySchema,
        response: { 200: DiscountCodeSchema, ...errors(400, 404, 409) },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return app.services.shop.discount(user, request.site, request.query);
    },
  );
};

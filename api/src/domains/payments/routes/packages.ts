import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MoneySchema } from '../schemas';
import { CURRENCIES, currencyFor } from '../shop';

/** Credit packages in the visitor's currency (IP country), or the site's, or `?currency=`. */
export const packagesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/packages.php',
    {
      schema: {
        tags: ['payments'],
        querystring: Type.Object({
          currency: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...CURRENCIES] })),
        }),
        response: {
          200: Type.Object({
            currency: Type.String(),
            packages: Type.Array(
              Type.Object({
                id: Type.Integer(),
                credits: Type.Integer(),
                price: MoneySchema,
                variant: Type.Integer({ minimum: 0, maximum: 3 }),
                popular: Type.Boolean(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const currency = request.query.currency ?? currencyFor(request.geoCountry(), request.site.currency);
      let packages = await app.services.shop.packages(currency, request.site.id);
      if (!packages.length && currency !== request.site.currency) {
        packages = await app.services.shop.packages(request.site.currency, request.site.id);
        return { currency: request.site.currency, packages };
      }
      return { currency, packages };
    },
  );
};

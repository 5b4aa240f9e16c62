import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { paymentMethodsFor } from '@dating/shared/contract/index';
import { PackagesQuerySchema, PackagesResponseSchema } from '@dating/shared/contract/payments';
import { currencyFor } from '../shop';

/** Credit packages in the visitor's currency (IP country), or the site's, or `?currency=`. */
export const packagesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/packages.php',
    {
      schema: {
        tags: ['payments'],
        querystring: PackagesQuerySchema,
        response: {
          200: PackagesResponseSchema,
        },
      },
    },
    async (request) => {
      // The payment country decides currency and methods, the same way order.php checks them.
      const user = await request.currentUser();
      const country = (request.geoCountry() ?? user?.profile.country ?? 'NL').toUpperCase();
      const methods = [...paymentMethodsFor(country)];
      const currency = request.query.currency ?? currencyFor(country, request.site.currency);
      let packages = await app.services.shop.packages(currency, request.site.id);
      if (!packages.length && currency !== request.site.currency) {
        packages = await app.services.shop.packages(request.site.currency, request.site.id);
        return { currency: request.site.currency, packages, country, methods };
      }
      return { currency, packages, country, methods };
    },
  );
};

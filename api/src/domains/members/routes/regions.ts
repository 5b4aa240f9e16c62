import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badInput } from '../../../lib/errors';
import { isCountry, regionsOf } from '../../../lib/geo';
import { RegionsQuerySchema, RegionsResponseSchema } from '@dating/shared/contract/settings';

/** Regions (states/provinces) of the site's countries, or of `?country=`. */
export const regionsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/regions.php',
    {
      schema: {
        tags: ['site'],
        querystring: RegionsQuerySchema,
        response: { 200: RegionsResponseSchema },
      },
    },
    async (request) => {
      const { country } = request.query;
      if (country && !isCountry(country)) throw badInput('country');
      const countries = country ? [country.toUpperCase()] : request.site.countries;
      return { regions: countries.flatMap(regionsOf) };
    },
  );
};

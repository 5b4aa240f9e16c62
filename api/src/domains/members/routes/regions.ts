import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badInput } from '../../../lib/errors';
import { isCountry, regionsOf } from '../../../lib/geo';

const RegionSchema = Type.Object({ country: Type.String(), code: Type.String(), name: Type.String() });

/** Regions (states/provinces) of the site's countries, or of `?country=`. */
export const regionsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/regions.php',
    {
      schema: {
        tags: ['site'],
        querystring: Type.Object({ country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })) }),
        response: { 200: Type.Object({ regions: Type.Array(RegionSchema) }) },
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

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badInput } from '../../../lib/errors';
import { isCountry, regionsOf, townsOf } from '../../../lib/geo';
import { TownsQuerySchema, TownsResponseSchema } from '@dating/shared/contract/settings';

/** The towns a profile may name (the list profile.php checks a city against), of a region or a whole country. */
export const townsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/towns.php',
    {
      schema: {
        tags: ['site'],
        querystring: TownsQuerySchema,
        response: { 200: TownsResponseSchema },
      },
    },
    async (request, reply) => {
      const { country, region } = request.query;
      if (!isCountry(country)) throw badInput('country');
      if (region && !regionsOf(country).some((r) => r.code.toLowerCase() === region.toLowerCase()))
        throw badInput('region');
      reply.header('cache-control', 'public, max-age=3600');
      return { towns: townsOf(country, region) };
    },
  );
};

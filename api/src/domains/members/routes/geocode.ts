import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../../lib/errors';
import {
  GeocodeQuerySchema,
  GeocodeResponseSchema,
  TownDistancesQuerySchema,
  TownDistancesResponseSchema,
} from '@dating/shared/contract/settings';
import { errors } from '../../../lib/contract';
import { reverseGeocode, townDistances } from '../../../lib/geo';
import { visitorRateLimit } from '../../../plugins/visitor-access';

/**
 * Offline geocoding from the country place list: the town of the browser's position (signup's location step), and
 * the real distances between towns (the map lander).
 */
export const geocodeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/geocode.php',
    {
      schema: {
        tags: ['site'],
        querystring: GeocodeQuerySchema,
        response: {
          200: GeocodeResponseSchema,
        },
      },
    },
    async (request) => {
      const found = reverseGeocode(request.query.lat, request.query.lon);
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    '/api/town-distances.php',
    {
      config: { rateLimit: visitorRateLimit(60) },
      schema: {
        tags: ['site'],
        querystring: TownDistancesQuerySchema,
        response: {
          200: TownDistancesResponseSchema,
          ...errors(400),
        },
      },
    },
    async (request) =>
      townDistances(request.query.country, request.query.towns) ?? { centre: null, towns: [] },
  );
};

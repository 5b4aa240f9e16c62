import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../../lib/errors';
import { GeocodeQuerySchema, GeocodeResponseSchema } from '@dating/shared/contract/settings';
import { reverseGeocode } from '../../../lib/geo';

/** Offline reverse geocoding of the browser's position (signup location step). */
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
};

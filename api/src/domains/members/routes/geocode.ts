import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../../lib/errors';
import { Nullable } from '../../../lib/contract';
import { reverseGeocode } from '../../../lib/geo';

/** Offline reverse geocoding of the browser's position (signup location step). */
export const geocodeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/geocode.php',
    {
      schema: {
        tags: ['site'],
        querystring: Type.Object({
          lat: Type.Number({ minimum: -90, maximum: 90 }),
          lon: Type.Number({ minimum: -180, maximum: 180 }),
        }),
        response: {
          200: Type.Object({
            country: Type.String(),
            region: Nullable(Type.String()),
            region_code: Nullable(Type.String()),
            city: Nullable(Type.String()),
          }),
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

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SettingsSchema } from '../schemas';

/** `GET /api/settings.php`: the site's settings (SPEC §3) for the request host or `?host=`. */
export const settingsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/settings.php',
    {
      // SPEC §7: the request host forced as a parameter, for the server's own first-load call.
      config: { siteFromQuery: true },
      schema: {
        tags: ['site'],
        // The shell passes the route's own query parameters through; only `host` is ours.
        querystring: Type.Object(
          { host: Type.Optional(Type.String({ maxLength: 253 })) },
          { additionalProperties: true },
        ),
        response: { 200: SettingsSchema },
      },
    },
    async (request) => app.services.sites.settings(request.site, request.geoCountry()),
  );
};

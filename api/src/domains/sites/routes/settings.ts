import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LOCALE_COOKIE } from '@dating/shared/constants';
import { isLocale } from '@dating/shared/contract/index';
import { SettingsSchema } from '../schemas';

/** `GET /api/settings.php`: the site's settings (SPEC §3) for the request host or `?host=`. */
export const settingsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/settings.php',
    {
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
    async (request) => {
      const cookie = request.cookies[LOCALE_COOKIE];
      const locale = isLocale(cookie) ? cookie : request.site.defaultLocale;
      return app.services.sites.settings(request.site, request.geoCountry(), locale);
    },
  );
};

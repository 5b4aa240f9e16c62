import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fastJson from 'fast-json-stringify';
import { isLocale, type Settings } from '@dating/shared/contract/index';
import { sendJson } from '../../../lib/serialize';
import { cacheEnabled } from '../../../lib/caches';
import { LOCALE_COOKIE } from '@dating/shared/constants';
import { SettingsQuerySchema, SettingsSchema } from '@dating/shared/contract/settings';
import type { Site } from '../sites';

const stringify = fastJson(SettingsSchema) as (settings: Settings) => string;

/**
 * The answer depends only on the site and the visitor's country, and every page load asks for it: each pair is
 * serialised (with the route's schema) once and its bytes are reused. Keyed by the site object, which a reload
 * of the sites replaces, so edited settings are served as soon as they are loaded.
 * One serialisation per site, country and locale (the texts of settings are translated).
 */
function settingsBytes(site: Site, key: string, build: () => Settings): Buffer {
  if (!cacheEnabled('settings')) return Buffer.from(stringify(build()));
  let byCountry = SERIALISED.get(site);
  if (!byCountry) SERIALISED.set(site, (byCountry = new Map()));
  let bytes = byCountry.get(key);
  if (!bytes) {
    bytes = Buffer.from(stringify(build()));
    byCountry.set(key, bytes);
  }
  return bytes;
}
const SERIALISED = new WeakMap<Site, Map<string, Buffer>>();

/** `GET /api/settings.php`: the site's settings (docs/product/sites-and-landers.md) for the request host or `?host=`. */
export const settingsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/settings.php',
    {
      // docs/product/calls-and-errors.md: the request host forced as a parameter, for the server's own first-load call.
      config: { siteFromQuery: true },
      schema: {
        tags: ['site'],
        // The shell passes the route's own query parameters through; only `host` is ours.
        querystring: SettingsQuerySchema,
        response: { 200: SettingsSchema },
      },
    },
    async (request, reply) => {
      const { site } = request;
      const country = request.geoCountry();
      const cookie = request.cookies[LOCALE_COOKIE];
      const locale = isLocale(cookie) ? cookie : site.defaultLocale;
      return sendJson(
        reply,
        settingsBytes(site, `${country ?? ''}:${locale}`, () =>
          app.services.sites.settings(site, country, locale),
        ),
      );
    },
  );
};

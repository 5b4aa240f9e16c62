import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { LOCALE_COOKIE } from '@dating/shared/constants';
import { isLocale, type Locale } from '@dating/shared/contract/index';
import da from '@dating/shared/locales/pwa/da.json';
import de from '@dating/shared/locales/pwa/de.json';
import en from '@dating/shared/locales/pwa/en.json';
import es from '@dating/shared/locales/pwa/es.json';
import fi from '@dating/shared/locales/pwa/fi.json';
import fr from '@dating/shared/locales/pwa/fr.json';
import it from '@dating/shared/locales/pwa/it.json';
import nb from '@dating/shared/locales/pwa/nb.json';
import nl from '@dating/shared/locales/pwa/nl.json';
import pl from '@dating/shared/locales/pwa/pl.json';
import sv from '@dating/shared/locales/pwa/sv.json';
import { localeFromAcceptLanguage } from '../../../lib/i18n';
import { cspWithStyle } from '../../../lib/security-headers';
import type { ObjectStorage } from '../../../lib/storage';
import { IMMUTABLE, sendStoredObject } from '../../../lib/storage/http';
import type { Site } from '../sites';

const OFFLINE_TEXTS: Record<Locale, typeof nl> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };

/** The site's branding colour (docs/product/constants.md theme), the manifest's theme_color and the icons' background. */
export const DEFAULT_THEME = '#4a1a6b';
const HEX = /^#[0-9a-f]{6}$/i;

export function siteTheme(site: Site): string {
  const colour = site.settings.theme_color;
  return colour && HEX.test(colour) ? colour.toLowerCase() : DEFAULT_THEME;
}

/** The icons of the web app manifest: 192 and 512 for `any`, a full-bleed 512 for `maskable`. */
export const ICONS = [
  { name: 'icon-192.png', size: 192, purpose: 'any' },
  { name: 'icon-512.png', size: 512, purpose: 'any' },
  { name: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/**
 * One icon drawn from the branding: a white heart on the site's theme colour. `any` icons are a rounded square;
 * the maskable one fills the canvas and keeps the heart inside the 80 % safe zone a launcher may crop to.
 */
function iconSvg(theme: string, size: number, maskable: boolean): string {
  const radius = maskable ? 0 : size * 0.22;
  // The heart's path is drawn in a 24×24 box; scaled to 50 % (maskable) or 62 % of the icon.
  const scale = (size * (maskable ? 0.5 : 0.62)) / 24;
  const offset = (size - 24 * scale) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${theme}"/>` +
    `<g transform="translate(${offset} ${offset + scale}) scale(${scale})">` +
    '<path fill="#ffffff" d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z"/>' +
    '</g></svg>'
  );
}

/** Colours whose icons this process has seen in the storage (they never change under their key). */
const present = new WeakMap<ObjectStorage, Set<string>>();

/**
 * Draws the site's icons with sharp into the storage at `icons/<colour>/<name>` (once per colour; the folder name
 * is the colour, so a new theme colour gets new, immutable URLs). The server calls it for every site when it
 * starts and again for a site whose icons are missing (a site added or re-branded while it runs). Several nodes
 * drawing the same colour at once write the same bytes.
 */
export async function ensureIcons(storage: ObjectStorage, theme: string): Promise<string> {
  const colour = theme.slice(1);
  const prefix = `icons/${colour}`;
  let known = present.get(storage);
  if (!known) present.set(storage, (known = new Set()));
  if (known.has(colour)) return prefix;
  for (const icon of ICONS) {
    if (await storage.head(`${prefix}/${icon.name}`)) continue;
    const png = await sharp(Buffer.from(iconSvg(theme, icon.size, icon.purpose === 'maskable')))
      .png({ compressionLevel: 9 })
      .toBuffer();
    await storage.put(`${prefix}/${icon.name}`, png, { contentType: 'image/png', cacheControl: IMMUTABLE });
  }
  known.add(colour);
  return prefix;
}

/** The web app manifest of a site (docs/adr/0016-first-load-budget.md). */
export function webManifest(site: Site, locale: Locale) {
  const theme = siteTheme(site);
  const name = site.name;
  return {
    id: '/',
    name,
    // Launchers show about 12 characters under the icon.
    short_name: name.length > 12 ? name.slice(0, 12).trim() : name,
    description: site.description,
    lang: locale,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: theme,
    icons: ICONS.map((icon) => ({
      src: `/icons/${theme.slice(1)}/${icon.name}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}

function requestLocale(request: FastifyRequest): Locale {
  const cookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? request.site.defaultLocale;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page the service worker shows when a navigation fails offline: no script, one hashed style block, the
 * site's name and colour, translated (the locale cookie, else the browser's language). "Try again" reloads the
 * address the visitor asked for (the worker answers in its place).
 */
export function offlinePage(site: Site, locale: Locale): { html: string; csp: string } {
  const text = OFFLINE_TEXTS[locale].offline;
  const theme = siteTheme(site);
  const style =
    `body{margin:0;font-family:system-ui,sans-serif;color:#212529;background:#fff}` +
    `header{background:${theme};color:#fff;padding:1rem 1.5rem;font-weight:600}` +
    `main{max-width:32rem;margin:3rem auto;padding:0 1.5rem}` +
    `a{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:.4rem;background:${theme};color:#fff;text-decoration:none}`;
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="theme-color" content="${theme}"><title>${esc(text.title)} · ${esc(site.name)}</title>` +
    `<style>${style}</style></head><body><header>${esc(site.name)}</header>` +
    `<main data-testid="offline-page"><h1>${esc(text.title)}</h1><p>${esc(text.body)}</p>` +
    `<a href="">${esc(text.retry)}</a></main></body></html>`;
  return { html, csp: cspWithStyle(style) };
}

/** `/manifest.webmanifest`, `/icons/<colour>/<name>.png` and `/offline.html` of the request's site. */
export const pwaRoutes: FastifyPluginAsync = async (app) => {
  const { storage } = app.services;

  // Generated for every site as the server starts, so the first install never waits for sharp. A storage that
  // does not answer yet is no reason not to start: the manifest and icon routes draw them when asked.
  app.addHook('onReady', async () => {
    try {
      for (const site of await app.services.sites.all()) await ensureIcons(storage, siteTheme(site));
    } catch (err) {
      app.log.warn({ err }, 'site icons not drawn on start');
    }
  });

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    // The manifest does not need the icons' bytes: a storage fault must not break it.
    await ensureIcons(storage, siteTheme(request.site)).catch(() => undefined);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .send(JSON.stringify(webManifest(request.site, requestLocale(request))));
  });

  app.get<{ Params: { colour: string; file: string } }>(
    '/icons/:colour/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { colour, file } = request.params;
      const icon = ICONS.find((candidate) => candidate.name === file);
      // Only the request's own site's icons: no icon is drawn for a colour no site has.
      if (!icon || colour !== siteTheme(request.site).slice(1)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      const prefix = await ensureIcons(storage, `#${colour}`);
      // The folder is the colour: these bytes never change under this URL.
      return sendStoredObject(request, reply, storage, `${prefix}/${file}`, {
        cacheControl: IMMUTABLE,
        notFound: () => reply.code(404).type('text/plain; charset=utf-8').send('Not found'),
      });
    },
  );

  app.get('/offline.html', { schema: { hide: true } }, async (request, reply) => {
    const { html, csp } = offlinePage(request.site, requestLocale(request));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      .send(html);
  });
};

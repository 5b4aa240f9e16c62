import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE } from '@dating/shared/constants';
import { isLocale, type Locale, type SiteData } from '@dating/shared/contract/index';
import { cspWithStyle } from '../../../lib/security-headers';
import { matchSiteRoute } from '@dating/shared/site-routes';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON that is safe inside <script>: no `</script>`, no `<!--`, no line separators. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** SPEC §4: the locale cookie, else the site's domain_language when supported, else nl. */
function pageLocale(request: FastifyRequest, userLanguage: string | undefined): Locale {
  const cookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  if (isLocale(userLanguage)) return userLanguage;
  return request.site.defaultLocale;
}

// The CSP allows no inline style: this page's one <style> block is allowed by its hash.
const NOT_DEPLOYED_STYLE = 'body{font-family:sans-serif;padding:2rem}';
const NOT_DEPLOYED_CSP = cspWithStyle(NOT_DEPLOYED_STYLE);

/** The path is one of the site's pages (`shared/site-routes`, the list the shell's router is built from). */
function isSitePage(rawPath: string): boolean {
  try {
    return matchSiteRoute(decodeURIComponent(rawPath)) !== null;
  } catch {
    return false;
  }
}

const ROOT_FILE = /^\/[\w-]+(\.[\w-]+)*\.(js|ico|png|svg|webmanifest|json|txt|xml)$/;

/** Every other GET: the shell's HTML with settings, user, locale and the registry inlined. */
export const htmlRoutes: FastifyPluginAsync = async (app) => {
  const { registry } = app.services;

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const deployed = registry.current();
    const urlPath = request.url.split('?')[0]!;
    if (ROOT_FILE.test(urlPath)) {
      // Root-scoped files of the shell (service worker, icons, web manifest) come from its current version.
      const dir = deployed.shell && path.join(registry.siteDir, 'shell', deployed.shell.version);
      const name = urlPath.slice(1);
      if (dir && existsSync(path.join(dir, name))) {
        return reply.header('cache-control', 'no-cache').sendFile(name, dir);
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    reply.header('cache-control', 'no-store').header('vary', 'Cookie, Accept-Language');
    // Not a page of the site (shared route list): the shell still renders its 404 page, with HTTP 404.
    if (!isSitePage(urlPath)) reply.code(404);
    if (!deployed.shell) {
      if (reply.statusCode === 404) return reply.type('text/plain; charset=utf-8').send('Not found');
      return reply
        .code(503)
        .header('retry-after', '30')
        .header('content-security-policy', NOT_DEPLOYED_CSP)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
            `<title>Site not deployed yet</title><style>${NOT_DEPLOYED_STYLE}</style></head><body>` +
            '<h1>The site is not deployed yet</h1><p>No shell version is in the registry. Run <code>npm run build</code> and ' +
            '<code>npm run deploy -- shell</code> (or <code>npm start</code>), then reload.</p></body></html>',
        );
    }
    const user = await request.currentUser();
    const locale = pageLocale(request, user?.language);
    const country = request.geoCountry();
    const settings = app.services.sites.settings(request.site, country);
    let userOut: SiteData['user'] = false;
    if (user) {
      const { id: _id, siteId: _siteId, ...contractUser } = user;
      userOut = contractUser;
    }
    const data: SiteData = { settings, user: userOut, locale, country, remotes: deployed.remotes };
    const theme = request.site.settings.theme_color ?? '#4a1a6b';
    const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${esc(theme)}">
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='8' fill='${encodeURIComponent(theme)}'/%3E%3C/svg%3E">
<title>${esc(settings.index_title || settings.name)}</title>
<meta name="description" content="${esc(settings.description)}">
${deployed.shell.css.map((href) => `<link rel="stylesheet" href="${esc(href)}">`).join('\n')}
${deployed.shell.js.map((src) => `<script defer src="${esc(src)}"></script>`).join('\n')}
${deployed.shell.preload.map((href) => `<link rel="preload" as="script" href="${esc(href)}">`).join('\n')}
</head>
<body>
<div id="root"></div>
<script type="application/json" id="site-data">${safeJson(data)}</script>
</body>
</html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  }

  app.get('/', { schema: { hide: true } }, page);
  app.get('/*', { schema: { hide: true } }, page);
};

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE } from '@dating/shared/constants';
import {
  isLocale,
  matchLanderPath,
  type LanderPageKey,
  type Locale,
  type Niche,
  type SiteData,
} from '@dating/shared/contract/index';
import { matchSiteRoute } from '@dating/shared/site-routes';
import { SHELL_SCRIPT_META, SSR_PAGE_SCRIPT } from '@dating/shared/ssr-page-script';
import { EARLY_TELEMETRY_SCRIPT } from '@dating/shared/telemetry-early-script';
import { cspWithOrigin, cspWithStyle, cspForRenderedPage } from '../../../lib/security-headers';
import { EXPERIMENT_COOKIE, EXPERIMENT_COOKIE_MAX_AGE_S } from '../../../lib/experiment-cookie';
import type { Site } from '../sites';
import { renderAddress } from '../ssr';
import { headTags, pageTexts, robotsTxt, sitemapXml } from '../seo';
import { siteTheme } from './pwa';
import { isPublicFile } from '../deploy/state';

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

/** docs/product/sites-and-landers.md: the locale cookie, else the site's domain_language when supported, else nl. */
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

/** The site's `cdn_prefix` (an absolute http(s) URL, no trailing slash), or '' when it has none or it is not one. */
export function cdnPrefix(site: Site): string {
  const prefix = site.baseSettings.cdn_prefix?.trim().replace(/\/+$/, '') ?? '';
  if (!prefix) return '';
  try {
    const url = new URL(prefix);
    return url.protocol === 'https:' || url.protocol === 'http:' ? prefix : '';
  } catch {
    return '';
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** The values of the `style` attributes in server-rendered markup, as the browser reads them. */
export function styleAttributes(markup: string): string[] {
  return [...markup.matchAll(/ style="([^"]*)"/g)].map((m) =>
    m[1]!.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!),
  );
}

/** Headers of the visitor's request that the server render's api requests carry too. */
const FORWARDED_HEADERS = [
  'cookie',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-real-ip',
];

/**
 * A page the browser renders: the shell's scripts (deferred) and the chunks every first load needs, preloaded so
 * they load in parallel (docs/adr/0003).
 */
function clientRenderedBoot(
  shell: { js: string[]; preload: string[] },
  viaCdn: (url: string) => string,
): string {
  return [
    ...shell.js.map((src) => `<script defer src="${esc(viaCdn(src))}"></script>`),
    ...shell.preload.map((href) => `<link rel="preload" as="script" href="${esc(viaCdn(href))}">`),
  ].join('\n');
}

/**
 * A server-rendered page: its content needs no script to be seen, so the shell's scripts are only named here and
 * started by the page's inline script after the first paint (shared/src/ssr-page-script.ts, docs/adr/0030), which
 * also keeps a tap made before hydration. No preloads: they would take the first paint's bandwidth. The shared
 * libraries' chunks are named after the entry, so they load beside it instead of after it has run; the webpack
 * runtime finds their script elements and does not fetch them again.
 */
function serverRenderedBoot(scripts: string[]): string {
  return [
    `<script>${SSR_PAGE_SCRIPT}</script>`,
    ...scripts.map((src) => `<meta name="${SHELL_SCRIPT_META}" content="${esc(src)}">`),
  ].join('\n');
}

/**
 * What the HTML takes from a rendered page's markup (its CSP, title and description), worked out once per rendered
 * page: a page from the rendered-page cache (sites/ssr.ts) is the same object for every visitor it is served to.
 */
const fromMarkup = new WeakMap<object, { csp: Map<string, string>; texts: ReturnType<typeof pageTexts> }>();
function markupFacts(rendered: { html: string }) {
  let facts = fromMarkup.get(rendered);
  if (!facts) {
    facts = { csp: new Map(), texts: pageTexts(rendered.html) };
    fromMarkup.set(rendered, facts);
  }
  return facts;
}
function markupCsp(rendered: { html: string }, cdnOrigin: string | undefined): string {
  const { csp } = markupFacts(rendered);
  let value = csp.get(cdnOrigin ?? '');
  if (value === undefined) {
    value = cspForRenderedPage(styleAttributes(rendered.html), cdnOrigin);
    csp.set(cdnOrigin ?? '', value);
  }
  return value;
}

/**
 * Whether a visitor's page is rendered on the server, and with which remotes' server containers (the versions this
 * visitor is assigned): a lander or the 404 page with mf-landers, `/login` and `/signup` with mf-account, the
 * static pages (`/pages/*`) with the shell alone. The render sees no query but the traffic source
 * (`renderAddress`), so a page whose markup reads more of it is the browser's: a static page with another query
 * (`/pages/privacy?region=us` adds a paragraph), and `/signup` on a site that opens signup only to visitors with a
 * traffic source (which the browser also finds in the values this visit kept earlier).
 */
export function serverRenderedPage(page: {
  urlPath: string;
  requestUrl: string;
  landerOr404: boolean;
  remotes: readonly { name: string; version: string }[];
  signups: string | undefined;
}): { remotes: { name: string; version: string }[] } | null {
  const container = (name: string) => {
    const remote = page.remotes.find((r) => r.name === name);
    return remote ? { remotes: [{ name: remote.name, version: remote.version }] } : null;
  };
  if (page.landerOr404) return container('mf_landers');
  let route: string | null;
  try {
    route = matchSiteRoute(decodeURIComponent(page.urlPath));
  } catch {
    return null;
  }
  const query = new URLSearchParams(page.requestUrl.split('?')[1] ?? '');
  const onlySource = [...query.keys()].every((key) => key === 'network' || key === 'ref');
  if (route === '/login') return container('mf_account');
  if (route === '/signup')
    return onlySource && page.signups !== 'with_trafficsource' ? container('mf_account') : null;
  if (route?.startsWith('/pages/')) return onlySource ? { remotes: [] } : null;
  return null;
}

const ROOT_FILE = /^\/[\w-]+(\.[\w-]+)*\.(js|ico|png|svg|webmanifest|json|txt|xml)$/;

/** Every other GET: the shell's HTML with settings, user, locale and the registry inlined. */
export const htmlRoutes: FastifyPluginAsync = async (app) => {
  const { registry } = app.services;

  /**
   * The lander a path shows (the shared rule, `matchLanderPath`): an unknown variant, a slug of another niche or
   * locale, or a profile lander of a member who does not exist is a 404 with the site's error page.
   */
  async function resolveLander(
    urlPath: string,
    site: Site,
  ): Promise<{
    status: 200 | 404;
    page: LanderPageKey | null;
    slugLocale: Locale | null;
  }> {
    // Not the lander rule's business: other paths are answered as before.
    return { status: 200, page: null, slugLocale: null, ...(await landerOf(urlPath, site)) };
  }

  async function landerOf(urlPath: string, site: Site) {
    const match = matchLanderPath(urlPath, { niche: site.niche as Niche });
    if (match === null) return {};
    if (match === 'not-found') return { status: 404 as const };
    if ('memberId' in match) {
      try {
        await app.services.members.get(site, null, match.memberId);
      } catch {
        return { status: 404 as const };
      }
    }
    return { page: match.page, slugLocale: match.slug?.locale ?? null };
  }

  /**
   * The server render's api requests, answered in process (`inject`) as the visitor's own: their host (the site),
   * cookies, language and address headers.
   */
  async function innerFetch(request: FastifyRequest, inner: Request): Promise<Response> {
    const url = new URL(inner.url);
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    inner.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // The site's own host (its origin's), which the Host check always accepts: the visitor's Host was checked already.
    headers.host = new URL(request.site.publicOrigin).host;
    const body = inner.body ? Buffer.from(await inner.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: inner.method as 'GET',
      url: url.pathname + url.search,
      headers,
      remoteAddress: request.ip,
      ...(body ? { payload: body } : {}),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (name === 'set-cookie' || value === undefined) continue;
      out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = [204, 205, 304].includes(answer.statusCode);
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers: out });
  }

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const deployed = registry.current();
    const urlPath = request.url.split('?')[0]!;
    if (ROOT_FILE.test(urlPath) && isPublicFile(urlPath.slice(1))) {
      // Root-scoped files of the shell (service worker, icons, web manifest) come from its current version.
      const name = urlPath.slice(1);
      const found =
        deployed.shell &&
        (await app.services.registry.served.get(
          'shell',
          deployed.shell.version,
          name,
          String(request.headers['accept-encoding'] ?? ''),
        ));
      if (found) {
        if (found.encoding) reply.header('content-encoding', found.encoding);
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Encoding')
          .header('etag', found.etag)
          .type(app.services.registry.served.contentTypeOf(name))
          .send(found.bytes);
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
    const lander = await resolveLander(urlPath, request.site);
    // A lander's slug names that page's language (`/landers/gallery/general-de` is German): the page is shown in it,
    // but the visitor's stored choice (locale cookie, a member's language) is left as it was, so the next page is
    // in that again (docs/product/sites-and-landers.md). The shell reads the slug the same way.
    const locale = lander.slugLocale ?? pageLocale(request, user?.language);
    const country = request.geoCountry();
    const settings = app.services.sites.settings(request.site, country, locale);
    let userOut: SiteData['user'] = false;
    if (user) {
      const { id: _id, siteId: _siteId, ...contractUser } = user;
      userOut = contractUser;
    }
    // The version of each remote this visitor gets (a canary's for the visitors assigned to it), inlined like
    // the registry: no extra round trip (docs/adr/0001-module-federation.md).
    const experiment = await app.services.experiments.visit({
      cookie: request.cookies[EXPERIMENT_COOKIE],
      deployed,
      page: lander.status === 404 ? null : lander.page,
      siteId: request.site.id,
      member: Boolean(user),
    });
    if (experiment.cookie) {
      reply.setCookie(EXPERIMENT_COOKIE, experiment.cookie, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: EXPERIMENT_COOKIE_MAX_AGE_S,
      });
    }
    // A site with a CDN (`cdn_prefix`): remote entries and their chunks (found relative to the entry's address) and
    // the shell's files are fetched through it; the page's CSP allows that origin.
    const cdn = cdnPrefix(request.site);
    const viaCdn = (url: string) => (cdn ? cdn + url : url);
    if (cdn) reply.header('content-security-policy', cspWithOrigin(new URL(cdn).origin));
    const remotes = cdn
      ? experiment.remotes.map((r) => ({ ...r, entry: viaCdn(r.entry) }))
      : experiment.remotes;
    const data: SiteData = { settings, user: userOut, locale, country, remotes };
    // A member's place in their live log now: the page's first stream resumes from it (docs/adr/0039), so what
    // happens between this page and that stream reaches the page. Without it (the log could not answer) the
    // stream starts fresh, as before.
    if (user) {
      const { head } = await app.services.live.resume(user.id, null);
      if (head !== null) data.liveFrom = head;
    }
    // Not a page of the route table, or a lander that does not exist: the shell shows its 404 page (docs/product/calls-and-errors.md).
    if (lander.status === 404 || reply.statusCode === 404) {
      data.status = 404;
      reply.code(404);
    }
    // A visitor's lander (or its 404), `/login`, `/signup` and the static pages are rendered on the server with the
    // versions this visitor is assigned (docs/adr/0030); anything else, or a render that fails, is rendered by the
    // browser as before.
    const rendering = user
      ? null
      : serverRenderedPage({
          urlPath,
          requestUrl: request.url,
          landerOr404: lander.page !== null || data.status === 404,
          remotes: experiment.remotes,
          signups: settings.signups,
        });
    // The site's one origin, never the request's Host (docs/adr/0035-one-origin-per-site.md).
    const origin = request.site.publicOrigin;
    let root = '';
    let landerCss: string[] = [];
    let texts: ReturnType<typeof pageTexts> = { title: null, description: null };
    if (app.config.ssr.enabled && rendering) {
      const charged = rendering.remotes[0];
      const rendered = await app.services.ssr.render({
        shellVersion: deployed.shell.version,
        remotes: rendering.remotes,
        ...renderAddress(origin, request.url),
        siteData: data,
        fetch: (inner) => innerFetch(request, inner),
        // A render that throws or runs out of its budget counts against the version of the page's remote it
        // rendered (the shell's own pages: against no remote).
        onFallback: (reason, error) => {
          if (reason === 'missing' || !charged) return;
          const failure = error instanceof Error ? error : new Error(String(error));
          app.services.telemetry
            .record({
              visitor: app.services.viewTokens.visitor(experiment.visitor ?? request.id),
              views: [
                {
                  seq: 0,
                  app: charged.name.replace(/_/g, '-'),
                  version: charged.version,
                  page: matchSiteRoute(urlPath) ?? '/',
                  errors: 1,
                  load_failure: false,
                  samples: [
                    {
                      kind: 'error',
                      message: `server render: ${failure.message}`,
                      stack: failure.stack ?? '',
                    },
                  ],
                },
              ],
            })
            .catch((err: unknown) => request.log.warn({ err }, 'server render failure not recorded'));
        },
      });
      if (rendered?.kind === 'page') {
        root = rendered.html;
        // The style attributes React wrote are allowed by their hashes, and only those (docs/adr/0030).
        reply.header('content-security-policy', markupCsp(rendered, cdn ? new URL(cdn).origin : undefined));
        texts = markupFacts(rendered).texts;
        landerCss = rendered.css;
        data.ssr = rendered.hydration;
      }
    }
    // The page's view token: client telemetry counts only views of pages handed out here (docs/adr/0032). Set after
    // the render, which it must not vary (the rendered-page cache).
    data.telemetry = app.services.viewTokens.issue({
      visitor: experiment.visitor,
      shell: deployed.shell.version,
      remotes: experiment.remotes,
    });
    const theme = siteTheme(request.site);
    // The server-rendered page's own heading and intro as title and description; the site's otherwise.
    const title = texts.title
      ? `${texts.title} – ${esc(settings.name)}`
      : esc(settings.index_title || settings.name);
    const description = texts.description ?? esc(settings.description);
    const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<script>${EARLY_TELEMETRY_SCRIPT}</script>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${esc(theme)}">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" type="image/png" sizes="192x192" href="/icons/${theme.slice(1)}/icon-192.png">
<link rel="apple-touch-icon" href="/icons/${theme.slice(1)}/icon-192.png">
<title>${title}</title>
<meta name="description" content="${description}">
${headTags(
  {
    origin,
    pathname: urlPath,
    locale,
    siteName: settings.name,
    title,
    description,
    niche: request.site.niche,
    status: reply.statusCode,
    image: `/icons/${theme.slice(1)}/icon-512.png`,
  },
  safeJson,
)}
${[...deployed.shell.css, ...landerCss].map((href) => `<link rel="stylesheet" href="${esc(viaCdn(href))}">`).join('\n')}
${data.ssr ? serverRenderedBoot([...deployed.shell.js, ...deployed.shell.preload].map(viaCdn)) : clientRenderedBoot(deployed.shell, viaCdn)}
</head>
<body>
<div id="root">${root}</div>
<script type="application/json" id="site-data">${safeJson(data)}</script>
</body>
</html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  }

  // Per site (its configured origin): what crawlers may index, and the public pages and landers with their locale slugs.
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(request.site.publicOrigin)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(request.site.publicOrigin, request.site.niche)),
  );

  app.get('/', { schema: { hide: true } }, page);
  app.get('/*', { schema: { hide: true } }, page);
};

// The request's context (a Fastify plugin): the site of the Host header, the signed-in member and their session,
// the locale and the visitor's country. It stands above the domains (it reads the sites and sessions services),
// so it is part of the composition root (app/), not of plugins/ (which import no domain).
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '@dating/shared/constants';
import { isLocale, type Locale } from '@dating/shared/contract/index';
import { ApiError } from '../lib/errors';
import { localeFromAcceptLanguage, translateError } from '../lib/i18n';
import { countryForIp } from '../lib/geo';
import { parseHostMemo, portAllowed } from '../lib/site-origin';
import { SESSION_COOKIE, SESSION_MAX_AGE_S, type AuthUser } from '../lib/auth';
import type { Site } from '../domains/sites';

// Per-request memos behind the accessors below.
const SITE = Symbol('site');
const GEO = Symbol('geoCountry');
const USER_ID = Symbol('userId');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The site may be named by `?host=` (only the server's own first-load settings call, docs/product/calls-and-errors.md). */
    siteFromQuery?: boolean;
  }
  interface FastifyRequest {
    [SITE]: Site | undefined;
    [GEO]: string | null | undefined;
    [USER_ID]: Promise<number | null> | undefined;
    /** The branded site of the Host header (routes with `config.siteFromQuery`: `?host=`); unknown hosts get 404. */
    readonly site: Site;
    /** The signed-in member, or null for a visitor (memoised per request). */
    currentUser(): Promise<AuthUser | null>;
    /** The signed-in member; throws 403 auth_required for visitors. */
    requireUser(): Promise<AuthUser>;
    /** Only the member's id (no user query: cheapest check for routes that need nothing else); memoised. */
    currentUserId(): Promise<number | null>;
    /** The member's id; throws 403 auth_required for visitors. */
    requireUserId(): Promise<number>;
    /** Error/mail language: user's language, else cookie, else Accept-Language, else the site's. */
    resolveLocale(): Promise<Locale>;
    /** Visitor country from the IP (offline database), null on loopback/private networks; memoised. */
    geoCountry(): string | null;
    sessionToken(): string | null;
    userCache?: Promise<AuthUser | null>;
  }
  interface FastifyReply {
    /** Starts a new session (new token every login) and sets the cookie. */
    startSession(user: { id: number }): Promise<void>;
    /** Deletes the server session and clears the cookie. */
    endSession(): Promise<void>;
    setLocaleCookie(locale: Locale): void;
  }
}

/**
 * The `?host=` of a route marked `siteFromQuery`, else null. The route's options are read only when the query has a
 * `host` at all: `request.routeOptions` builds a new object on every read, and almost no request carries one.
 */
function forcedHost(request: FastifyRequest): string | null {
  const forced = (request.query as Record<string, unknown> | undefined)?.host;
  if (typeof forced !== 'string' || !forced) return null;
  return request.routeOptions.config?.siteFromQuery ? forced : null;
}

export const contextPlugin = fp(
  async (app) => {
    const { services } = app;
    // Resolved when a route first reads it, then kept: static files, the hello route and most 404s never need it.
    // The sites are in memory (loaded here, refreshed in the background), so the lookup does not wait.
    await services.sites.all();
    app.decorateRequest('site', {
      getter(this: FastifyRequest) {
        if (this[SITE] === undefined) {
          const forced = forcedHost(this);
          this[SITE] = services.sites.resolveLoaded(forced ?? this.hostname);
        }
        return this[SITE];
      },
    });
    app.decorateRequest(SITE, undefined);
    app.decorateRequest(GEO, undefined);
    app.decorateRequest(USER_ID, undefined);

    // The site is the request's host (or the trusted proxy's forwarded host), never the client's choice (issue
    // 15 item 1); only a route marked `siteFromQuery` (the server's own first-load settings call, docs/product/calls-and-errors.md) may
    // name it with `?host=`. An unknown host is not served as some other brand.
    // A callback hook, answered synchronously from the sites in memory (no promise per request); only before the
    // sites were ever loaded does it wait for them.
    // The Host (under TRUST_PROXY the trusted proxy's X-Forwarded-Host, Fastify's `request.host`) must be exactly one
    // of a site's hosts: a name and at most a port of that site (lib/site-origin.ts, docs/adr/0035). Anything else
    // (user-info, a path, a foreign port) is a clear 400 before any work; no link is ever built from it anyway.
    app.addHook('onRequest', (request, reply, done) => {
      const forced = forcedHost(request);
      const parsed = parseHostMemo(forced ?? request.host);
      if (!parsed) return refuse(request, reply, done, 400, 'host_invalid');
      const loaded = services.sites.lookupLoaded(parsed.hostname);
      if (loaded) {
        if (!forced && !portAllowed(parsed, loaded.originPort, listenPort(request))) {
          return refuse(request, reply, done, 400, 'host_invalid');
        }
        request[SITE] = loaded;
        return done();
      }
      const found = loaded === undefined ? services.sites.lookup(parsed.hostname) : Promise.resolve(null);
      found.then(
        (site) => {
          if (site && (forced || portAllowed(parsed, site.originPort, listenPort(request)))) {
            request[SITE] = site;
            return done();
          }
          refuse(request, reply, done, site ? 400 : 404, site ? 'host_invalid' : 'site_unknown');
        },
        (err: Error) => done(err),
      );
    });

    /** The port a request reached this server on (the configured PORT for in-process requests). */
    const listenPort = (request: FastifyRequest) => request.socket?.localPort ?? app.config.port;

    function refuse(
      request: FastifyRequest,
      reply: FastifyReply,
      done: (err?: Error) => void,
      status: 400 | 404,
      code: 'host_invalid' | 'site_unknown',
    ) {
      const answer = unknownSite(request, reply, status, code);
      if (answer instanceof Error) done(answer);
      else if (answer === 'pass') done();
    }

    /**
     * A host no site has (404 site_unknown), or not exactly one of a site's hosts (400 host_invalid): the error for
     * the api and other writes, an error page (sent here) for a page, and 'pass' for files that are the same for every
     * brand (a CDN in front may name its own host).
     */
    function unknownSite(
      request: FastifyRequest,
      reply: FastifyReply,
      status: 400 | 404,
      code: 'host_invalid' | 'site_unknown',
    ): ApiError | 'sent' | 'pass' {
      const route = request.routeOptions.url ?? '';
      // Files that are the same for every brand.
      if (/^\/(remotes|media|dev)\//.test(route) || route === '/push-sw.js') return 'pass';
      if (route.startsWith('/api/') || request.method !== 'GET') return new ApiError(status, code);
      const locale = localeFromAcceptLanguage(request.headers['accept-language']) ?? 'nl';
      const text = translateError(locale, code);
      reply
        .code(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
            `<title>${text}</title></head><body style="font-family:sans-serif;padding:2rem"><h1>${text}</h1></body></html>`,
        );
      return 'sent';
    }

    app.decorateRequest('sessionToken', function (this: FastifyRequest) {
      const raw = this.cookies[SESSION_COOKIE];
      return raw && raw.length < 100 ? raw : null;
    });

    app.decorateRequest('currentUserId', function (this: FastifyRequest) {
      this[USER_ID] ??= (async () => {
        const token = this.sessionToken();
        if (!token) return null;
        const session = await services.sessions.lookup(token);
        // A session belongs to one site: a cookie replayed on another host is a visitor there.
        return session && session.siteId === this.site.id ? session.userId : null;
      })();
      return this[USER_ID];
    });

    app.decorateRequest('requireUserId', async function (this: FastifyRequest) {
      const id = await this.currentUserId();
      if (id === null) throw new ApiError(403, 'auth_required');
      return id;
    });

    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      this.userCache ??= (async () => {
        const id = await this.currentUserId();
        return id === null ? null : services.users.load(id);
      })();
      return this.userCache;
    });

    app.decorateRequest('requireUser', async function (this: FastifyRequest) {
      const user = await this.currentUser();
      if (!user) throw new ApiError(403, 'auth_required');
      return user;
    });

    app.decorateRequest('resolveLocale', async function (this: FastifyRequest): Promise<Locale> {
      const user = this.sessionToken() ? await this.currentUser().catch(() => null) : null;
      if (user && isLocale(user.language)) return user.language;
      const cookie = this.cookies[LOCALE_COOKIE];
      if (isLocale(cookie)) return cookie;
      return localeFromAcceptLanguage(this.headers['accept-language']) ?? this.site?.defaultLocale ?? 'nl';
    });

    app.decorateRequest('geoCountry', function (this: FastifyRequest) {
      if (this[GEO] === undefined) this[GEO] = countryForIp(this.ip);
      return this[GEO];
    });

    app.decorateReply('startSession', async function (this: FastifyReply, user: { id: number }) {
      const req = this.request;
      const old = req.sessionToken();
      if (old) await services.sessions.destroy(old);
      const token = await services.sessions.create(user.id, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      this.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
        maxAge: SESSION_MAX_AGE_S,
      });
      req.userCache = undefined;
      req[USER_ID] = undefined;
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const token = this.request.sessionToken();
      if (token) await services.sessions.destroy(token);
      this.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: this.request.protocol === 'https',
      });
      this.request.userCache = Promise.resolve(null);
      this.request[USER_ID] = Promise.resolve(null);
    });

    app.decorateReply('setLocaleCookie', function (this: FastifyReply, locale: Locale) {
      this.setCookie(LOCALE_COOKIE, locale, {
        path: '/',
        sameSite: 'lax',
        maxAge: LOCALE_COOKIE_DAYS * 86_400,
      });
    });
  },
  { name: 'context', dependencies: ['services'] },
);

import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isValidKey } from '../../../lib/storage';
import { IMMUTABLE, sendStoredObject } from '../../../lib/storage/http';
import { isFilePath } from '../registry';
import { APP_RE, VERSION_RE, isPublicFile } from '../deploy/state';
import type { Site } from '../sites';

/**
 * `/remotes/<app>/<version>/*`: deployed bundles from object storage (read through a memory copy on this node),
 * immutable (a version never changes), the server's own files excepted (404, `isPublicFile`), with the deploy's .br/.gz copies chosen by Accept-Encoding. The manifests
 * are the mutable-looking pointers and say no-cache. With a site's `cdn_prefix`, a CDN on another origin fetches
 * them: then they may be used cross-origin (CORP, CORS), being the same public files for everyone.
 * `/media/*`: approved photos and seeded portraits, streamed from the object storage (lib/storage).
 */
export const staticRoutes: FastifyPluginAsync = async (app) => {
  const files = app.services.registry.served;

  async function remote(request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) {
    const [appName = '', version = '', ...rest] = request.params['*'].split('/');
    const file = rest.join('/');
    // Server bundles, stats and source maps stay in storage for the server: never served publicly.
    if (!APP_RE.test(appName) || !VERSION_RE.test(version) || !isFilePath(file) || !isPublicFile(file)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const found = await files.get(appName, version, file, String(request.headers['accept-encoding'] ?? ''));
    if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const site = request.site as Site | null;
    if (!site || site.baseSettings.cdn_prefix) {
      reply.header('cross-origin-resource-policy', 'cross-origin').header('access-control-allow-origin', '*');
    }
    reply
      .header('cache-control', path.basename(file) === 'mf-manifest.json' ? 'no-cache' : IMMUTABLE)
      .header('etag', found.etag)
      // The same URL is answered as br, gzip or identity.
      .header('vary', 'Accept-Encoding')
      .type(files.contentTypeOf(file));
    if (found.encoding) reply.header('content-encoding', found.encoding);
    if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
    return reply.send(found.bytes);
  }
  app.get('/remotes/*', { schema: { hide: true } }, remote);

  // Public objects only: approved photos (`media/photos/`) and seeded portraits (`media/seed/`), from the
  // configured storage. Photos under inspection and chat photos are kept under other prefixes, which no public
  // route serves (docs/adr/0024-object-storage.md).
  const media = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const rest = request.params['*'];
    const notFound = () => {
      reply.callNotFound();
      return reply;
    };
    if (!/^(photos|seed)\/[^/]+$/.test(rest) || !isValidKey(rest)) return notFound();
    // A site with `cdn_prefix` shows these through its CDN, on another origin (ADR 0024, addendum): the CDN pulls
    // them with the site's host and the page's <img> loads them cross-origin, which
    // `Cross-Origin-Resource-Policy: same-origin` would block. They are the same public files for everyone.
    const site = request.site as Site | null;
    if (!site || site.baseSettings.cdn_prefix) reply.header('cross-origin-resource-policy', 'cross-origin');
    return sendStoredObject(request, reply, app.services.storage, `media/${rest}`, {
      cacheControl: IMMUTABLE,
      notFound,
    });
  };
  app.get('/media/*', { schema: { hide: true } }, media);
};

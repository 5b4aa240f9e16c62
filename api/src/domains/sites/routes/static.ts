import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isFilePath } from '../registry';
import { APP_RE, VERSION_RE } from '../deploy/state';
import type { Site } from '../sites';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `/remotes/<app>/<version>/*`: deployed bundles from object storage (read through a memory copy on this node),
 * immutable (a version never changes), with the deploy's .br/.gz copies chosen by Accept-Encoding. The manifests
 * are the mutable-looking pointers and say no-cache. With a site's `cdn_prefix`, a CDN on another origin fetches
 * them: then they may be used cross-origin (CORP, CORS), being the same public files for everyone.
 * `/media/*`: seeded and uploaded images.
 */
export const staticRoutes: FastifyPluginAsync = async (app) => {
  const mediaDir = path.join(app.config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const files = app.services.registry.served;

  async function remote(request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) {
    const [appName = '', version = '', ...rest] = request.params['*'].split('/');
    const file = rest.join('/');
    if (!APP_RE.test(appName) || !VERSION_RE.test(version) || !isFilePath(file)) {
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

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    cacheControl: false,
    index: false,
    list: false,
    setHeaders(res) {
      res.setHeader('cache-control', IMMUTABLE);
    },
  });
};

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isValidKey } from '../../../lib/storage';
import { IMMUTABLE, sendStoredObject } from '../../../lib/storage/http';

/**
 * `/remotes/<app>/<version>/*`: deployed bundles, immutable (a version folder never changes), with the
 * deploy's .br/.gz siblings chosen by Accept-Encoding. The registry and manifests are the mutable pointers.
 * `/media/*`: approved photos and seeded portraits, streamed from the object storage (lib/storage).
 */
export const staticRoutes: FastifyPluginAsync = async (app) => {
  const siteDir = path.join(app.config.dataDir, 'site');
  mkdirSync(siteDir, { recursive: true });

  await app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/remotes/',
    preCompressed: true,
    cacheControl: false,
    etag: true,
    index: false,
    list: false,
    setHeaders(res, filePath) {
      const base = path.basename(filePath).replace(/\.(br|gz)$/, '');
      res.setHeader(
        'cache-control',
        base === 'registry.json' || base === 'mf-manifest.json' ? 'no-cache' : IMMUTABLE,
      );
      res.setHeader('cross-origin-resource-policy', 'same-origin');
      // The same URL is answered as br, gzip or identity.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });

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
    return sendStoredObject(request, reply, app.services.storage, `media/${rest}`, {
      cacheControl: IMMUTABLE,
      notFound,
    });
  };
  app.get('/media/*', { schema: { hide: true } }, media);
};

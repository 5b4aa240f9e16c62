import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `/remotes/<app>/<version>/*`: deployed bundles, immutable (a version folder never changes), with the
 * deploy's .br/.gz siblings chosen by Accept-Encoding. The registry and manifests are the mutable pointers.
 * `/media/*`: seeded and uploaded images.
 */
export const staticRoutes: FastifyPluginAsync = async (app) => {
  const siteDir = path.join(app.config.dataDir, 'site');
  const mediaDir = path.join(app.config.dataDir, 'media');
  mkdirSync(siteDir, { recursive: true });
  mkdirSync(mediaDir, { recursive: true });

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

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    cacheControl: false,
    index: false,
    list: false,
    setHeaders(res) {
      res.setHeader('cache-control', IMMUTABLE);
    },
  });
};

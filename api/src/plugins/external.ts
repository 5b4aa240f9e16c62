import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { AppConfig } from '../config';
import { ApiError } from '../lib/errors';
import { securityHeadersPlugin } from './security-headers';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD } from '../lib/serialize';
import { sharedRateLimitStore } from '../lib/ops/rate-store';

/** Third-party plugins, registered first (fastify/demo load order). */
export async function registerExternalPlugins(
  app: FastifyInstance,
  config: AppConfig,
  redis: Redis | null = null,
) {
  // Security headers (CSP, HSTS on https, …): built once, set by one hook (plugins/security-headers.ts).
  await app.register(securityHeadersPlugin);
  // JSON and HTML answers, compressed on the fly for phones on slow links. Brotli at a low quality: the level
  // that costs little CPU per request. Deployed bundles are already precompressed and pass through untouched.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
  });
  await app.register(cookie);
  await app.register(formbody);
  // Counted in Redis when REDIS_URL is set (one count for every node), in memory otherwise or while Redis does
  // not answer (lib/ops/rate-store.ts). The key is the client's address as trusted through TRUST_PROXY unless a
  // route names another (the account: payments/routes/rate-limit.ts); never a cookie the client can drop.
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(redis, `dating:rl:${config.dbSchema ?? 'public'}:`),
    errorResponseBuilder: () => new ApiError(429, 'rate_limited'),
  });

  // sendBeacon('/api/page-hidden.php') may post an empty JSON body: treat it as {}.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || body === undefined) return done(null, {});
    jsonParser(request, body as string, done);
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Dating site API',
        version: '1.0.0',
        description: 'The /api/*.php contract (docs/product/calls-and-errors.md).',
      },
    },
  });
  if (!config.production) {
    const swaggerUi = (await import('@fastify/swagger-ui')).default;
    await app.register(swaggerUi, { routePrefix: '/dev/api-docs' });
  }
}

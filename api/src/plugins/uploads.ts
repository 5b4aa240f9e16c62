import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';

/**
 * Multipart uploads, registered only inside the route plugins that take a file (profile photos, chat photos):
 * `@fastify/multipart` adds a hook to every request of the context it is registered in (docs/adr/0009-request-overhead.md), and no other
 * route reads a multipart body (elsewhere one is refused as an unsupported media type).
 */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
}

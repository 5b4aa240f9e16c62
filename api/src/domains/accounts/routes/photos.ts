import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PHOTO_FIELD, PHOTO_MAX_BYTES } from '@dating/shared/contract/account';
import { ApiError, badInput, notFound } from '../../../lib/errors';
import { PRIVATE, sendStoredObject } from '../../../lib/storage/http';
import { PhotoFileQuerySchema } from '@dating/shared/contract/common';
import {
  PhotoDeleteRequestSchema,
  PhotoMainRequestSchema,
  PhotosResponseSchema,
} from '@dating/shared/contract/account';
import { errors } from '../../../lib/contract';
import { registerUploads } from '../../../plugins/uploads';

const tooLarge = () =>
  new ApiError(413, 'photo_too_large', { max_mb: PHOTO_MAX_BYTES / 1024 / 1024 }, 'photo');

/**
 * `/api/photos.php`: the member's own photos (list, upload, choose main, delete). `/api/photo.php?id=&size=thumb`:
 * one of my photos not yet approved, to me alone, never cacheable (`private, no-store`); once approved, a redirect
 * to its public `/media/` address. Anyone else: 404, whatever the photo's state (ADR 0024).
 */
export const photosRoute: FastifyPluginAsyncTypebox = async (app) => {
  await registerUploads(app);
  const photos = () => app.services.photos;

  app.get(
    '/api/photos.php',
    { schema: { tags: ['photos'], response: { 200: PhotosResponseSchema, ...errors(403) } } },
    async (request, reply) => {
      const user = await request.requireUser();
      reply.header('cache-control', 'no-store');
      return photos().list(user.id, user.paid_user);
    },
  );

  app.post(
    '/api/photos.php',
    {
      // The multipart limit (PHOTO_MAX_BYTES) is the real bound; this only has to let such a file through.
      bodyLimit: PHOTO_MAX_BYTES + 256 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['photos'],
        consumes: ['multipart/form-data'],
        response: { 201: PhotosResponseSchema, ...errors(400, 403, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      if (!request.isMultipart()) throw badInput(PHOTO_FIELD);
      let buffer: Buffer | null = null;
      try {
        const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
        if (!file || file.fieldname !== PHOTO_FIELD) throw badInput(PHOTO_FIELD);
        buffer = await file.toBuffer();
        if (file.file.truncated) throw tooLarge();
      } catch (err) {
        if (err instanceof ApiError) throw err;
        if (
          (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ||
          (err as { statusCode?: number }).statusCode === 413
        ) {
          throw tooLarge();
        }
        throw badInput(PHOTO_FIELD);
      }
      const result = await photos().upload(user.id, user.paid_user, buffer);
      return reply.code(201).send(result);
    },
  );

  app.put(
    '/api/photos.php',
    {
      schema: {
        tags: ['photos'],
        body: PhotoMainRequestSchema,
        response: { 200: PhotosResponseSchema, ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return photos().setMain(user.id, user.paid_user, request.body.id);
    },
  );

  app.delete(
    '/api/photos.php',
    {
      schema: {
        tags: ['photos'],
        body: PhotoDeleteRequestSchema,
        response: { 200: PhotosResponseSchema, ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return photos().remove(user.id, user.paid_user, request.body.id);
    },
  );

  app.get(
    '/api/photo.php',
    {
      schema: {
        tags: ['photos'],
        querystring: PhotoFileQuerySchema,
        response: { 200: Type.Unsafe<Buffer>({ description: 'the JPEG' }), ...errors(403, 404, 503) },
      },
    },
    async (request, reply) => {
      const userId = await request.requireUserId();
      const found = await photos().privateKeyFor(
        { userId },
        request.query.id,
        request.query.size === 'thumb',
      );
      if (!found) throw notFound();
      if (found.publicUrl) return reply.header('cache-control', PRIVATE).redirect(found.publicUrl, 302);
      return sendStoredObject(request, reply, app.services.storage, found.key, {
        cacheControl: PRIVATE,
        notFound: () => {
          throw notFound();
        },
      });
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PHOTO_MAX_BYTES } from '@dating/shared/contract/account';
import { errors } from '../../../lib/contract';
import { ApiError, badInput, notFound } from '../../../lib/errors';
import { PhotoFileQuerySchema } from '@dating/shared/contract/common';
import { ChatPhotoUploadResponseSchema } from '@dating/shared/contract/chats';
import { PRIVATE, sendStoredObject } from '../../../lib/storage/http';
import { registerUploads } from '../../../plugins/uploads';

const FIELD = 'file';
const tooLarge = () => new ApiError(413, 'photo_too_large', { max_mb: PHOTO_MAX_BYTES / 1024 / 1024 }, FIELD);

/**
 * `POST /api/chat-photo.php` (multipart `file`): checked and stored, sent later with `POST /api/messages.php`.
 * `GET /api/chat-photo.php?id=&size=thumb`: only to its owner and the members of a conversation it was sent in,
 * `private, no-store` (ADR 0024).
 */
export const chatPhotoRoute: FastifyPluginAsyncTypebox = async (app) => {
  await registerUploads(app);
  app.post(
    '/api/chat-photo.php',
    {
      bodyLimit: PHOTO_MAX_BYTES + 256 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['chat'],
        consumes: ['multipart/form-data'],
        response: { 201: ChatPhotoUploadResponseSchema, ...errors(400, 403, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const userId = await request.requireUserId();
      if (!request.isMultipart()) throw badInput(FIELD);
      let buffer: Buffer;
      try {
        const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
        if (!file || file.fieldname !== FIELD) throw badInput(FIELD);
        buffer = await file.toBuffer();
        if (file.file.truncated) throw tooLarge();
      } catch (err) {
        if (err instanceof ApiError) throw err;
        const e = err as { code?: string; statusCode?: number };
        if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) throw tooLarge();
        throw badInput(FIELD);
      }
      const photo = await app.services.chatPhotos.upload(userId, buffer);
      return reply.code(201).send({ photo });
    },
  );

  app.get(
    '/api/chat-photo.php',
    {
      schema: {
        tags: ['chat'],
        querystring: PhotoFileQuerySchema,
        response: { 200: Type.Unsafe<Buffer>({ description: 'the JPEG' }), ...errors(400, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const userId = await request.requireUserId();
      const key = await app.services.chatPhotos.keyFor(
        userId,
        request.query.id,
        request.query.size === 'thumb',
      );
      if (!key) throw notFound();
      return sendStoredObject(request, reply, app.services.storage, key, {
        cacheControl: PRIVATE,
        notFound: () => {
          throw notFound();
        },
      });
    },
  );
};

import {
  StaffChatPhotoQuerySchema,
  StaffClaimRequestSchema,
  StaffClaimResponseSchema,
  StaffConversationSchema,
  StaffIdParamsSchema,
  StaffOkSchema,
  StaffQueueQuerySchema,
  StaffQueueResponseSchema,
  StaffReleaseRequestSchema,
  StaffReplyRequestSchema,
  StaffReplyResponseSchema,
} from '@dating/shared/contract/staff';
import { Type } from 'typebox';
import { errors } from '../../../lib/contract';
import { ApiError } from '../../../lib/errors';
import { PRIVATE, sendStoredObject } from '../../../lib/storage/http';
import { actorOf, sessionOf, staffRoute, type StaffApp } from './access';

/** The reply queue: waiting conversations, claims, a conversation, replies as the fictional profile. */
export function staffQueueRoutes(app: StaffApp) {
  const { staff, storage } = app.services;

  app.route({
    ...staffRoute(app, 'queue'),
    schema: {
      tags: ['staff'],
      querystring: StaffQueueQuerySchema,
      response: { 200: StaffQueueResponseSchema, ...errors(400, 403) },
    },
    handler: (request) => staff.queue.list(request.query, sessionOf(request).staffId),
  });

  app.route({
    ...staffRoute(app, 'claim'),
    schema: {
      tags: ['staff'],
      body: StaffClaimRequestSchema,
      response: { 200: StaffClaimResponseSchema, ...errors(400, 403, 404, 409) },
    },
    // A claim without a body takes the oldest waiting conversation.
    handler: (request) => staff.queue.claim(request.body ?? {}, actorOf(request)),
  });

  app.route({
    ...staffRoute(app, 'release'),
    schema: {
      tags: ['staff'],
      body: StaffReleaseRequestSchema,
      response: { 200: StaffOkSchema, ...errors(400, 403) },
    },
    async handler(request) {
      await staff.queue.release(request.body.conversation, actorOf(request));
      return { ok: true as const };
    },
  });

  app.route({
    ...staffRoute(app, 'conversation'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffConversationSchema, ...errors(400, 403, 404) },
    },
    handler: (request) => staff.queue.conversation(request.params.id, sessionOf(request).staffId),
  });

  app.route({
    ...staffRoute(app, 'reply'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      body: StaffReplyRequestSchema,
      response: { 201: StaffReplyResponseSchema, ...errors(400, 403, 404, 409, 410) },
    },
    async handler(request, reply) {
      return reply.code(201).send(await staff.queue.reply(request.params.id, actorOf(request), request.body));
    },
  });

  app.route({
    ...staffRoute(app, 'chatPhoto'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      querystring: StaffChatPhotoQuerySchema,
      response: { 200: Type.Unsafe<Buffer>({ description: 'the JPEG' }), ...errors(400, 403, 404) },
    },
    async handler(request, reply) {
      const { photo, size } = request.query;
      const key = await staff.queue.chatPhoto(request.params.id, photo, size === 'thumb');
      if (!key) throw new ApiError(404, 'not_found');
      return sendStoredObject(request, reply, storage, key, {
        cacheControl: PRIVATE,
        notFound: () => {
          throw new ApiError(404, 'not_found');
        },
      });
    },
  });
}

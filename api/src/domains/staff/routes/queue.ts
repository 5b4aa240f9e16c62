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
    async handler(request) {
      // A claim without a body takes the oldest waiting conversation.
      const result = await staff.queue.claim(request.body ?? {}, sessionOf(request).staffId);
      await staff.audit.write(actorOf(request), {
        action: 'queue_claim',
        targetType: 'conversation',
        targetId: result.conversation,
        after: result,
      });
      return result;
    },
  });

  app.route({
    ...staffRoute(app, 'release'),
    schema: {
      tags: ['staff'],
      body: StaffReleaseRequestSchema,
      response: { 200: StaffOkSchema, ...errors(400, 403) },
    },
    async handler(request) {
      const { conversation } = request.body;
      if (await staff.queue.release(conversation, sessionOf(request).staffId)) {
        await staff.audit.write(actorOf(request), {
          action: 'queue_release',
          targetType: 'conversation',
          targetId: conversation,
        });
      }
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
      const { id } = request.params;
      const s = sessionOf(request);
      const result = await staff.queue.reply(id, s.staffId, request.body, s.name);
      await staff.audit.write(actorOf(request), {
        action: 'reply',
        targetType: 'conversation',
        targetId: id,
        after: { message: result.message.id, type: request.body.type },
      });
      return reply.code(201).send(result);
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

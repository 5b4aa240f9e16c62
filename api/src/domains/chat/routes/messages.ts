import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { badInput } from '../../../lib/errors';
import {
  ConversationRequestSchema,
  MarkReadResponseSchema,
  MessagesQuerySchema,
  MessagesResponseSchema,
  SendMessageRequestSchema,
  SendMessageResponseSchema,
} from '@dating/shared/contract/chats';

/** `/api/messages.php`: read a conversation page by page, send a message, mark read while open. */
export const messagesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/messages.php',
    {
      schema: {
        tags: ['chat'],
        querystring: MessagesQuerySchema,
        response: { 200: MessagesResponseSchema, ...errors(400, 403, 404) },
      },
    },
    async (request, reply) => {
      // The session's member only: the language the page needs is read with the conversation.
      const userId = await request.requireUserId();
      const { conversation, member, before, limit } = request.query;
      if ((conversation === undefined) === (member === undefined)) throw badInput('conversation');
      reply.header('cache-control', 'no-store');
      return app.services.messages.page(userId, request.site.baseSettings.gift_credits, {
        conversation,
        member,
        before: before === undefined ? undefined : Number(before),
        limit,
      });
    },
  );

  app.post(
    '/api/messages.php',
    {
      schema: {
        tags: ['chat'],
        body: SendMessageRequestSchema,
        response: { 200: SendMessageResponseSchema, ...errors(400, 402, 403, 404, 410) },
      },
    },
    async (request) => {
      // The session's member only (its site is the request's): what the send needs of the member is read under
      // its lock, so no user row is loaded before.
      const userId = await request.requireUserId();
      return app.services.messages.send(
        { id: userId, siteId: request.site.id },
        request.site.baseSettings,
        request.body,
      );
    },
  );

  app.put(
    '/api/messages.php',
    {
      schema: {
        tags: ['chat'],
        body: ConversationRequestSchema,
        response: {
          200: MarkReadResponseSchema,
          ...errors(400, 403, 404),
        },
      },
    },
    async (request) => {
      const userId = await request.requireUserId();
      const upTo = await app.services.messages.read(userId, request.body.conversation);
      return { ok: true, up_to: upTo };
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { ChatOkSchema, ChatsResponseSchema, ConversationRequestSchema } from '@dating/shared/contract/chats';
import { sendJson } from '../../../lib/serialize';

export const chatsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/chats.php',
    {
      schema: {
        tags: ['chat'],
        response: { 200: ChatsResponseSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      const userId = await request.requireUserId();
      // Pre-serialised (lib/serialize.ts): the partners' profiles are cached JSON shared by every list, and an
      // unchanged list is sent as the same bytes (chats.ts listJson).
      return sendJson(reply.header('cache-control', 'no-store'), await app.services.chats.listJson(userId));
    },
  );

  app.delete(
    '/api/chat.php',
    {
      schema: {
        tags: ['chat'],
        body: ConversationRequestSchema,
        response: { 200: ChatOkSchema, ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      const userId = await request.requireUserId();
      await app.services.chats.remove(userId, request.body.conversation);
      // My other tabs drop it too (the live channel; polling reloads the list otherwise).
      app.services.live.publish(userId, {
        type: 'conversation_removed',
        conversation: request.body.conversation,
      });
      return { ok: true };
    },
  );
};

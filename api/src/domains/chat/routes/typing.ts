import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import { ChatOkSchema, ConversationRequestSchema } from '@dating/shared/contract/chats';

/** `POST /api/typing.php`: the partner sees "typing…" (a live event only; nothing is stored). */
export const typingRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/typing.php',
    {
      // Clients send at most one every 3 s while typing; this leaves room for several tabs.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['chat'],
        body: ConversationRequestSchema,
        response: { 200: ChatOkSchema, ...errors(400, 403, 404, 429) },
      },
    },
    async (request) => {
      const userId = await request.requireUserId();
      await app.services.messages.typing(userId, request.body.conversation);
      return { ok: true };
    },
  );
};

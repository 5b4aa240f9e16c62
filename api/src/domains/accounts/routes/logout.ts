import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoggedOutAnswerSchema } from '@dating/shared/contract/user';

/**
 * `GET /api/logout.php`: deletes the server session and clears the cookie. A GET by contract (docs/product/calls-and-errors.md) that
 * changes state, so it needs the request-type header like a POST: an image or link on another site cannot log a
 * member out.
 */
export const logoutRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/logout.php',
    {
      config: { csrf: 'always' },
      schema: { tags: ['session'], response: { 200: LoggedOutAnswerSchema } },
    },
    async (_request, reply) => {
      await reply.endSession();
      reply.header('cache-control', 'no-store');
      return { user: false as const };
    },
  );
};

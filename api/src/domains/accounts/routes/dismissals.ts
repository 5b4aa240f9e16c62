import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DismissRequestSchema, DismissalsResponseSchema } from '@dating/shared/contract/dismissals';
import { errors } from '../../../lib/contract';

/**
 * `/api/dismissals.php`: the banners the member closed, per member (not per device). GET lists them with the unix
 * time of closing; PUT { key } closes one (again: the time is renewed). Logged in only.
 */
export const dismissalsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/dismissals.php',
    { schema: { tags: ['accounts'], response: { 200: DismissalsResponseSchema, ...errors(403) } } },
    async (request, reply) => {
      const userId = await request.requireUserId();
      reply.header('cache-control', 'no-store');
      return app.services.accounts.dismissals.list(userId);
    },
  );

  app.put(
    '/api/dismissals.php',
    {
      schema: {
        tags: ['accounts'],
        body: DismissRequestSchema,
        response: { 200: DismissalsResponseSchema, ...errors(400, 403) },
      },
    },
    async (request) => {
      const userId = await request.requireUserId();
      return app.services.accounts.dismissals.dismiss(userId, request.body.key);
    },
  );
};

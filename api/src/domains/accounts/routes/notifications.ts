import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  NotificationsResponseSchema,
  NotificationsUpdateRequestSchema,
} from '@dating/shared/contract/account';
import { errors } from '../../../lib/contract';

/** `/api/notifications.php`: the 8 email types, and re-enabling after a bounce, complaint or unsubscribe. */
export const notificationsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/notifications.php',
    { schema: { tags: ['accounts'], response: { 200: NotificationsResponseSchema, ...errors(403) } } },
    async (request, reply) => {
      const user = await request.requireUser();
      reply.header('cache-control', 'no-store');
      return app.services.accounts.notifications.get(user.id, user.email);
    },
  );

  app.put(
    '/api/notifications.php',
    {
      schema: {
        tags: ['accounts'],
        body: NotificationsUpdateRequestSchema,
        response: { 200: NotificationsResponseSchema, ...errors(400, 403) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return app.services.accounts.notifications.update(user.id, user.email, request.body);
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { unsubscribePage } from '../../../lib/mail/unsubscribe-page';

/**
 * `/api/unsubscribe.php?token=`: the List-Unsubscribe target of every mail. GET from the footer link answers a
 * small page; POST is RFC 8058 one-click from the mail client (no cookie, no X-Requested-With: csrf off).
 * Unknown tokens get the same answer, so the endpoint tells nothing about accounts.
 */
export const unsubscribeRoute: FastifyPluginAsyncTypebox = async (app) => {
  const querystring = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

  app.get(
    '/api/unsubscribe.php',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['accounts'], querystring },
    },
    async (request, reply) => {
      await app.services.accounts.notifications.unsubscribe(request.query.token ?? '');
      const locale = await request.resolveLocale();
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return unsubscribePage(locale, request.site.name);
    },
  );

  app.post(
    '/api/unsubscribe.php',
    {
      config: { csrf: false, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['accounts'], querystring },
    },
    async (request, reply) => {
      await app.services.accounts.notifications.unsubscribe(request.query.token ?? '');
      reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
      return 'OK';
    },
  );
};

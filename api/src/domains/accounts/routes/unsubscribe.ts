import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { UnsubscribeBodySchema, UnsubscribeQuerySchema } from '@dating/shared/contract/account';
import {
  UNSUBSCRIBE_PAGE_CSP,
  unsubscribeConfirmPage,
  unsubscribePage,
} from '../../../lib/mail/unsubscribe-page';

// The token in the query; an RFC 8058 body (url-encoded, or multipart read as null): the token alone decides.
const querystring = UnsubscribeQuerySchema;
const body = UnsubscribeBodySchema;

/**
 * `/api/unsubscribe.php?token=`: the List-Unsubscribe target of every mail. GET (the footer link, and every mail
 * scanner that follows links) only answers a confirmation page; the change happens on POST: the page's button,
 * or RFC 8058 one-click from the mail client, which sends neither a cookie nor X-Requested-With. That POST is let
 * through the CSRF check by its secret token (`csrfSecret`), not by switching the check off for the path.
 * Unknown tokens get the same page on GET, so the link tells nothing about accounts.
 */
export const unsubscribeRoute: FastifyPluginAsyncTypebox = async (app) => {
  const notifications = app.services.accounts.notifications;
  // A multipart one-click body is read and dropped here (its fields are never used): the multipart plugin is
  // registered only where files are uploaded (plugins/uploads.ts).
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 16 * 1024 },
    (_r, _b, done) => done(null, null),
  );

  app.get(
    '/api/unsubscribe.php',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['accounts'], querystring, response: { 200: Type.String() } },
    },
    async (request, reply) => {
      const locale = await request.resolveLocale();
      reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', UNSUBSCRIBE_PAGE_CSP)
        .type('text/html; charset=utf-8');
      return unsubscribeConfirmPage(locale, request.site.name, request.query.token ?? '');
    },
  );

  app.post(
    '/api/unsubscribe.php',
    {
      config: {
        rateLimit: { max: 60, timeWindow: '1 minute' },
        csrfSecret: async (request) => {
          const { token } = request.query as { token?: unknown };
          return typeof token === 'string' && (await notifications.ownerOf(token)) !== null;
        },
      },
      schema: { tags: ['accounts'], querystring, body, response: { 200: Type.String() } },
    },
    async (request, reply) => {
      await notifications.unsubscribe(request.query.token ?? '');
      const locale = await request.resolveLocale();
      reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', UNSUBSCRIBE_PAGE_CSP)
        .type('text/html; charset=utf-8');
      return unsubscribePage(locale, request.site.name);
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors } from '../../../lib/contract';
import { notFound } from '../../../lib/errors';
import { toGift } from '../gifts';
import { GiftImageQuerySchema, GiftsResponseSchema } from '@dating/shared/contract/chats';

/** `GET /api/gifts.php` (the catalogue in my language, cost from settings) and `GET /api/gift.php?id=` (image). */
export const giftsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/gifts.php',
    { schema: { tags: ['chat'], response: { 200: GiftsResponseSchema } } },
    async (request) => {
      const locale = await request.resolveLocale();
      const credits = request.site.baseSettings.gift_credits;
      return { gifts: (await app.services.gifts.list()).map((g) => toGift(g, locale, credits)) };
    },
  );

  app.get(
    '/api/gift.php',
    {
      schema: {
        tags: ['chat'],
        querystring: GiftImageQuerySchema,
        response: { 200: Type.Unsafe<string>({ description: 'the SVG image' }), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const gift = await app.services.gifts.byId(request.query.id);
      if (!gift) throw notFound();
      return (
        reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          // Our own drawing, but an SVG opened on its own is a document: it may run nothing.
          .header('content-security-policy', "default-src 'none'")
          .send(gift.svg)
      );
    },
  );
};

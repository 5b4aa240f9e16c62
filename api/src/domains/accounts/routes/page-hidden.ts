import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageHiddenBodySchema } from '@dating/shared/contract/account';

/** Beacon sent when the page is hidden (page-bounce logging, docs/product/routes-and-layouts.md `lb`). Accepts an empty body. */
export const pageHiddenRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/page-hidden.php',
    {
      schema: {
        tags: ['site'],
        body: PageHiddenBodySchema,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      request.log.debug({ path: request.headers.referer }, 'page hidden');
      return reply.code(204).send(null);
    },
  );
};

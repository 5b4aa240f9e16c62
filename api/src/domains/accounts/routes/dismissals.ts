import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DISMISSAL_FLAGS } from '@dating/shared/contract/index';
import { errors } from '../../../lib/contract';

const Flag = Type.Union(DISMISSAL_FLAGS.map((flag) => Type.Literal(flag)));
const DismissalsSchema = Type.Object({
  dismissals: Type.Object(Object.fromEntries(DISMISSAL_FLAGS.map((flag) => [flag, Type.Optional(Type.Integer())]))),
});

/**
 * `/api/dismissals.php`: the banners the member closed, per member (not per device). GET lists them with the unix
 * time of closing; PUT { key } closes one (again: the time is renewed). Logged in only.
 */
export const dismissalsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/dismissals.php',
    { schema: { tags: ['accounts'], response: { 200: DismissalsSchema, ...errors(403) } } },
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
        body: Type.Object({ key: Flag }, { additionalProperties: false }),
        response: { 200: DismissalsSchema, ...errors(400, 403) },
      },
    },
    async (request) => {
      const userId = await request.requireUserId();
      return app.services.accounts.dismissals.dismiss(userId, request.body.key);
    },
  );
};

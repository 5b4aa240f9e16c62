import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AccountExportSchema } from '@dating/shared/contract/account';
import { errors } from '../../../lib/contract';

/** `GET /api/account-export.php`: all of one's own data as a JSON download. */
export const accountExportRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/account-export.php',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['accounts'],
        response: {
          200: Type.Unsafe<Buffer>({ ...AccountExportSchema, description: 'the JSON download' }),
          ...errors(403, 429),
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await app.services.accounts.export.build(user);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="account-${user.id}.json"`)
        .type('application/json; charset=utf-8')
        .send(Buffer.from(JSON.stringify(data, null, 2)));
    },
  );
};

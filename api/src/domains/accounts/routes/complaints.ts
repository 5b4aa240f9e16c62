import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ComplaintRequestSchema, ComplaintResponseSchema } from '@dating/shared/contract/account';
import { errors } from '../../../lib/contract';

/** `POST /api/complaints.php`: stored and mailed to the site's support address (visitors too). */
export const complaintsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/complaints.php',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['accounts'],
        body: ComplaintRequestSchema,
        response: { 201: ComplaintResponseSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const id = await app.services.accounts.complaints.submit(
        request.site,
        user?.id ?? null,
        request.body,
        request.site.publicOrigin,
      );
      return reply.code(201).send({ id });
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors } from '../../../lib/contract';
import { notFound } from '../../../lib/errors';

/**
 * `POST /api/payment-webhook.php` (`id=<payment id>`, form-encoded as Mollie sends it). Called by the provider,
 * so no X-Requested-With (`csrf: false`); the body is never trusted: only the id is read and the status is
 * fetched from the provider. Unknown ids change nothing (404).
 */
export const paymentWebhookRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/payment-webhook.php',
    {
      config: { csrf: false },
      schema: {
        tags: ['payments'],
        body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' }) }),
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errors(400, 404) },
      },
    },
    async (request) => {
      const order = await app.services.payments.orders.settle(request.body.id);
      if (!order) throw notFound();
      return { ok: true };
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PaymentWebhookBodySchema, PaymentWebhookResponseSchema } from '@dating/shared/contract/payments';
import { errors } from '../../../lib/contract';
import { ApiError, notFound } from '../../../lib/errors';

/**
 * `POST /api/payment-webhook.php` (`id=<payment id>`, form-encoded as Mollie sends it). Called by the provider,
 * so no X-Requested-With (`csrf: false`); the body is never trusted: only the id is read and the status is
 * fetched from the provider. Unknown ids change nothing (404).
 */
export const paymentWebhookRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/payment-webhook.php',
    {
      // Each call costs a provider request and a write transaction: limited per address (the per-address limit
      // every route uses) and per payment id (counted on the payment row by one UPDATE, so on every node alike),
      // both with a precise 429 (`rate_limited`). The provider retries a refused webhook later, and
      // reconciliation finds the payment anyway.
      config: { csrf: false, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        body: PaymentWebhookBodySchema,
        response: { 200: PaymentWebhookResponseSchema, ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      if (!(await app.services.payments.orders.webhookAllowed(request.body.id))) {
        throw new ApiError(429, 'rate_limited');
      }
      const order = await app.services.payments.orders.settle(request.body.id);
      if (!order) throw notFound();
      return { ok: true };
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../../lib/contract';
import {
  DirectDebitRequestSchema,
  DirectDebitCodeRequestSchema,
  DirectDebitCodeResponseSchema,
  IdempotencyHeadersSchema,
  OrderResponseSchema,
} from '@dating/shared/contract/payments';
import { paymentContext } from './context';
import { idempotencyKey } from './idempotency';
import { perAccount } from './rate-limit';

/** `POST /api/directdebit-code.php` sends the SMS code; `POST /api/directdebit.php` signs and pays (docs/product/credits-and-payments.md). */
export const directDebitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/directdebit-code.php',
    {
      // Beside the service's one code per 30 s: SMS cost money.
      config: perAccount(10, '1 hour'),
      schema: {
        tags: ['payments'],
        // The form's IBAN and account holder are validated before a code is sent (an SMS costs money).
        body: DirectDebitCodeRequestSchema,
        response: { 200: DirectDebitCodeResponseSchema, ...errors(400, 403, 429) },
      },
    },
    async (request) =>
      app.services.payments.directDebit.sendCode(await paymentContext(request), request.body),
  );

  app.post(
    '/api/directdebit.php',
    {
      config: perAccount(20, '10 minutes'),
      schema: {
        tags: ['payments'],
        headers: IdempotencyHeadersSchema,
        body: DirectDebitRequestSchema,
        response: { 201: OrderResponseSchema, ...errors(400, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const ctx = await paymentContext(request);
      const key = idempotencyKey(request);
      const { code, ...rest } = request.body;
      const order = await app.services.payments.directDebit.submit(
        ctx,
        { ...rest, code: code?.trim() || undefined },
        key,
      );
      return reply.code(201).send({ order });
    },
  );
};

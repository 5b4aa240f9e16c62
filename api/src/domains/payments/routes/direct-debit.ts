import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors } from '../../../lib/contract';
import { OrderSchema } from '../schemas';
import { paymentContext } from './context';
import { IdempotencyHeaders, idempotencyKey } from './idempotency';
import { perAccount } from './rate-limit';

const text = (max: number) => Type.String({ minLength: 1, maxLength: max });

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
        body: Type.Object({
          phone: Type.String({ minLength: 6, maxLength: 32 }),
          iban: text(42),
          account_holder: text(100),
        }),
        response: { 200: Type.Object({ expires_in: Type.Integer() }), ...errors(400, 403, 429) },
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
        headers: IdempotencyHeaders,
        body: Type.Object(
          {
            package_id: Type.Integer({ minimum: 1 }),
            account_holder: text(100),
            iban: text(42),
            street: text(100),
            house_number: text(20),
            zip: text(16),
            city: text(80),
            phone: Type.String({ minLength: 6, maxLength: 32 }),
            otp: Type.String({ maxLength: 12 }),
            mandate: Type.Boolean(),
            code: Type.Optional(Type.String({ maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ order: OrderSchema }), ...errors(400, 403, 404, 409, 429, 503) },
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

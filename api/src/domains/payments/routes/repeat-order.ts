import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CreditPackage, PaymentMethod } from '@dating/shared/contract/index';
import { errors } from '../../../lib/contract';
import {
  IdempotencyHeadersSchema,
  OrderResponseSchema,
  RepeatOrderRequestSchema,
  RepeatOrderInfoSchema,
} from '@dating/shared/contract/payments';
import { paymentContext } from './context';
import { idempotencyKey } from './idempotency';
import { perAccount } from './rate-limit';

/**
 * `GET /api/repeat-order.php`: the last package and whether a mandate can pay it again;
 * `POST`: buys it on the stored mandate (docs/product/routes-and-layouts.md credits-repeat-order, for paid members), once per
 * `Idempotency-Key`.
 */
export const repeatOrderRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/repeat-order.php',
    {
      schema: {
        tags: ['payments'],
        response: {
          200: RepeatOrderInfoSchema,
          ...errors(403),
        },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const { last, mandate, pkg } = await app.services.payments.orders.repeatInfo(user, request.site);
      const card: CreditPackage | null = pkg
        ? {
            id: pkg.id,
            credits: pkg.credits,
            price: { amount: pkg.amount, currency: pkg.currency },
            variant: Math.min(3, Math.max(0, pkg.tier)) as CreditPackage['variant'],
            popular: pkg.popular,
          }
        : null;
      const method = (mandate?.method ?? last?.payment_method ?? null) as PaymentMethod | null;
      return { package: card, method, available: Boolean(card && mandate && user.paid_user) };
    },
  );

  app.post(
    '/api/repeat-order.php',
    {
      config: perAccount(10, '10 minutes'),
      schema: {
        tags: ['payments'],
        headers: IdempotencyHeadersSchema,
        body: RepeatOrderRequestSchema,
        response: { 201: OrderResponseSchema, ...errors(400, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const ctx = await paymentContext(request);
      const key = idempotencyKey(request);
      return reply.code(201).send({ order: await app.services.payments.orders.repeat(ctx, key) });
    },
  );
};

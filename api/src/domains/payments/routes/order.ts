import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { safeReturnPath } from '@dating/shared/contract/index';
import { errors } from '../../../lib/contract';
import {
  CreateOrderRequestSchema,
  CreateOrderResponseSchema,
  OrderQuerySchema,
  OrderResponseSchema,
  OrdersResponseSchema,
} from '@dating/shared/contract/payments';
import { paymentContext } from './context';
import { perAccount } from './rate-limit';

/**
 * `POST /api/order.php`: the member names a package and a method (and maybe a code); the server prices it,
 * creates the order and the provider's payment, and answers the checkout URL. Amount, currency and credits are
 * never read from the client (unknown fields are dropped by the schema).
 * `GET /api/order.php?id=`: one order of the member; while open, the provider is asked again (return page).
 */
export const orderRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/order.php',
    {
      config: perAccount(30, '10 minutes'),
      schema: {
        tags: ['payments'],
        body: CreateOrderRequestSchema,
        response: {
          201: CreateOrderResponseSchema,
          ...errors(400, 403, 404, 409, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const ctx = await paymentContext(request);
      const { code, ...rest } = request.body;
      const result = await app.services.payments.orders.create(ctx, {
        ...rest,
        code: code?.trim() || undefined,
        return: safeReturnPath(request.body.return),
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/api/order.php',
    {
      schema: {
        tags: ['payments'],
        querystring: OrderQuerySchema,
        response: { 200: OrderResponseSchema, ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { order: await app.services.payments.orders.get(user, request.query.id) };
    },
  );

  app.get(
    '/api/orders.php',
    {
      schema: {
        tags: ['payments'],
        response: { 200: OrdersResponseSchema, ...errors(403) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { orders: await app.services.payments.orders.list(user) };
    },
  );
};

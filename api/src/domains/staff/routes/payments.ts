import {
  StaffIdParamsSchema,
  StaffReasonRequestSchema,
  StaffRefundResponseSchema,
} from '@dating/shared/contract/staff';
import { errors } from '../../../lib/contract';
import { actorOf, staffRoute, type StaffApp } from './access';

/** Payments (admins): a refund through the provider that took the payment. */
export function staffPaymentRoutes(app: StaffApp) {
  const { staff } = app.services;

  app.route({
    ...staffRoute(app, 'refund'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      body: StaffReasonRequestSchema,
      response: { 200: StaffRefundResponseSchema, ...errors(400, 403, 404, 409, 502) },
    },
    async handler(request) {
      // Payments writes the audit row in the transaction that takes the credits back, not after it.
      const result = await staff.members.refund(request.params.id, request.body.reason, actorOf(request));
      return { order: result.order, taken: result.taken, shortfall: result.shortfall };
    },
  });
}

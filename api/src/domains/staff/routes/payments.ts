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
      const { id } = request.params;
      const { reason } = request.body;
      const actor = actorOf(request);
      // The audit row commits with the refund's state change (the credits taken back), not after it.
      const result = await staff.members.refund(id, actor.id, (tx, r) =>
        staff.audit.write(
          actor,
          {
            action: 'order_refund',
            targetType: 'order',
            targetId: id,
            before: { status: 'completed' },
            after: {
              status: 'refunded',
              reason,
              taken: r.taken,
              shortfall: r.shortfall,
              provider_refund_id: r.refundId,
            },
          },
          tx,
        ),
      );
      return { order: result.order, taken: result.taken, shortfall: result.shortfall };
    },
  });
}

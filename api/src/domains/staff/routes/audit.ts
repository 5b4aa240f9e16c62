import { StaffAuditQuerySchema, StaffAuditResponseSchema } from '@dating/shared/contract/staff';
import { errors } from '../../../lib/contract';
import { staffRoute, type StaffApp } from './access';

/** The audit log, newest first (append-only: no route changes it). */
export function staffAuditRoutes(app: StaffApp) {
  app.route({
    ...staffRoute(app, 'audit'),
    schema: {
      tags: ['staff'],
      querystring: StaffAuditQuerySchema,
      response: { 200: StaffAuditResponseSchema, ...errors(400, 403) },
    },
    handler: (request) => app.services.staff.audit.list(request.query),
  });
}

import {
  StaffAccountCreateSchema,
  StaffAccountSchema,
  StaffAccountsResponseSchema,
  StaffIdParamsSchema,
} from '@dating/shared/contract/staff';
import { errors } from '../../../lib/contract';
import { ApiError } from '../../../lib/errors';
import { actorOf, staffRoute, type StaffApp } from './access';

/** Staff accounts (admins): the list, a new colleague, disabling, resetting the second factor. */
export function staffAccountRoutes(app: StaffApp) {
  const { staff } = app.services;

  app.route({
    ...staffRoute(app, 'accounts'),
    schema: { tags: ['staff'], response: { 200: StaffAccountsResponseSchema, ...errors(403) } },
    handler: async () => ({ accounts: await staff.auth.list() }),
  });

  app.route({
    ...staffRoute(app, 'accountCreate'),
    schema: {
      tags: ['staff'],
      body: StaffAccountCreateSchema,
      response: { 201: StaffAccountSchema, ...errors(400, 403, 409) },
    },
    async handler(request, reply) {
      const actor = actorOf(request);
      const created = await staff.auth.create(request.body, actor.id);
      await staff.audit.write(actor, {
        action: 'staff_create',
        targetType: 'staff',
        targetId: created.id,
        after: created,
      });
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...staffRoute(app, 'accountDisable'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffAccountSchema, ...errors(400, 403, 404) },
    },
    async handler(request) {
      const { id } = request.params;
      const actor = actorOf(request);
      if (id === actor.id) throw new ApiError(400, 'self_action');
      const { before, after } = await staff.auth.change(id, 'disable');
      await staff.audit.write(actor, {
        action: 'staff_disable',
        targetType: 'staff',
        targetId: id,
        before,
        after,
      });
      return after;
    },
  });

  app.route({
    ...staffRoute(app, 'accountReset2fa'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffAccountSchema, ...errors(400, 403, 404) },
    },
    async handler(request) {
      const { id } = request.params;
      const { before, after } = await staff.auth.change(id, 'reset_2fa');
      await staff.audit.write(actorOf(request), {
        action: 'staff_reset_2fa',
        targetType: 'staff',
        targetId: id,
        before,
        after,
      });
      return after;
    },
  });
}

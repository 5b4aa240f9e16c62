import {
  StaffAccountCreateSchema,
  StaffAccountSchema,
  StaffAccountsResponseSchema,
  StaffIdParamsSchema,
} from '@dating/shared/contract/staff';
import { errors } from '../../../lib/contract';
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
      return reply.code(201).send(await staff.auth.create(request.body, actorOf(request)));
    },
  });

  app.route({
    ...staffRoute(app, 'accountDisable'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffAccountSchema, ...errors(400, 403, 404) },
    },
    handler: (request) => staff.auth.change(request.params.id, 'disable', actorOf(request)),
  });

  app.route({
    ...staffRoute(app, 'accountReset2fa'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffAccountSchema, ...errors(400, 403, 404) },
    },
    handler: (request) => staff.auth.change(request.params.id, 'reset_2fa', actorOf(request)),
  });
}

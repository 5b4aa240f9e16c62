import {
  StaffGrantRequestSchema,
  StaffGrantResponseSchema,
  StaffIdParamsSchema,
  StaffMemberAccountSchema,
  StaffMemberDetailSchema,
  StaffMemberQuerySchema,
  StaffMembersResponseSchema,
  StaffOkSchema,
  StaffReasonRequestSchema,
} from '@dating/shared/contract/staff';
import { errors } from '../../../lib/contract';
import { actorOf, staffRoute, type StaffApp } from './access';

/** Members (admins): search, a member's account, ban, credits, activation mail, deletion. */
export function staffMemberRoutes(app: StaffApp) {
  const { staff } = app.services;

  app.route({
    ...staffRoute(app, 'members'),
    schema: {
      tags: ['staff'],
      querystring: StaffMemberQuerySchema,
      response: { 200: StaffMembersResponseSchema, ...errors(400, 403) },
    },
    handler: async (request) => ({
      members: await staff.members.search(request.query.q, request.query.site),
    }),
  });

  app.route({
    ...staffRoute(app, 'member'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffMemberDetailSchema, ...errors(400, 403, 404) },
    },
    handler: (request) => staff.members.detail(request.params.id),
  });

  app.route({
    ...staffRoute(app, 'memberBan'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      body: StaffReasonRequestSchema,
      response: { 200: StaffMemberAccountSchema, ...errors(400, 403, 404, 409) },
    },
    handler: (request) => staff.members.setBan(request.params.id, request.body.reason, actorOf(request)),
  });

  app.route({
    ...staffRoute(app, 'memberUnban'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffMemberAccountSchema, ...errors(400, 403, 404) },
    },
    handler: (request) => staff.members.setBan(request.params.id, null, actorOf(request)),
  });

  app.route({
    ...staffRoute(app, 'memberCredits'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      body: StaffGrantRequestSchema,
      response: { 200: StaffGrantResponseSchema, ...errors(400, 403, 404) },
    },
    handler: (request) =>
      staff.members.grant(request.params.id, request.body.amount, request.body.reason, actorOf(request)),
  });

  app.route({
    ...staffRoute(app, 'memberActivation'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffOkSchema, ...errors(400, 403, 404, 409) },
    },
    async handler(request) {
      await staff.members.resendActivation(request.params.id, actorOf(request));
      return { ok: true as const };
    },
  });

  app.route({
    ...staffRoute(app, 'memberDelete'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffOkSchema, ...errors(400, 403, 404) },
    },
    async handler(request) {
      await staff.members.remove(request.params.id, actorOf(request));
      return { ok: true as const };
    },
  });
}

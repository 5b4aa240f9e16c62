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
import { ApiError } from '../../../lib/errors';
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
    async handler(request) {
      const { id } = request.params;
      const actor = actorOf(request);
      const { before, after } = await staff.members.setBan(id, {
        reason: request.body.reason,
        by: actor.name,
      });
      await staff.audit.write(actor, {
        action: 'member_ban',
        targetType: 'member',
        targetId: id,
        before: before.banned,
        after: after.banned,
      });
      return after;
    },
  });

  app.route({
    ...staffRoute(app, 'memberUnban'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffMemberAccountSchema, ...errors(400, 403, 404) },
    },
    async handler(request) {
      const { id } = request.params;
      const { before, after } = await staff.members.setBan(id, null);
      await staff.audit.write(actorOf(request), {
        action: 'member_unban',
        targetType: 'member',
        targetId: id,
        before: before.banned,
        after: after.banned,
      });
      return after;
    },
  });

  app.route({
    ...staffRoute(app, 'memberCredits'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      body: StaffGrantRequestSchema,
      response: { 200: StaffGrantResponseSchema, ...errors(400, 403, 404) },
    },
    async handler(request) {
      const { id } = request.params;
      const { amount, reason } = request.body;
      const actor = actorOf(request);
      const before = await staff.members.account(id);
      const result = await staff.members.grant(id, amount, reason, actor);
      await staff.audit.write(actor, {
        action: 'member_credits',
        targetType: 'member',
        targetId: id,
        before: { credits: before.credits },
        after: { credits: result.credits, amount, reason },
      });
      return result;
    },
  });

  app.route({
    ...staffRoute(app, 'memberActivation'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffOkSchema, ...errors(400, 403, 404, 409) },
    },
    async handler(request) {
      const { id } = request.params;
      const acc = await staff.members.account(id);
      // The member's site's own origin (docs/adr/0035), whatever address the staff member works at.
      const site = await app.services.sites.byId(acc.site.id);
      if (!site) throw new ApiError(404, 'not_found');
      await staff.members.resendActivation(id, site.publicOrigin);
      await staff.audit.write(actorOf(request), {
        action: 'member_resend_activation',
        targetType: 'member',
        targetId: id,
      });
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
      const { id } = request.params;
      const { before, after } = await staff.members.remove(id);
      await staff.audit.write(actorOf(request), {
        action: 'member_delete',
        targetType: 'member',
        targetId: id,
        before: { status: before.status },
        after: { status: after.status },
      });
      return { ok: true as const };
    },
  });
}

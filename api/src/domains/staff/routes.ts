import { rolloutsReport } from '../experiments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { LOCALES } from '@dating/shared/contract/index';
import {
  CASE_STATES,
  STAFF_AUDIT_ACTIONS,
  STAFF_DEVICE_COOKIE,
  STAFF_DEVICE_COOKIE_DAYS,
  STAFF_PENDING_MINUTES,
  STAFF_REASON_MAX_LENGTH,
  STAFF_REPLY_MAIL_MAX_LENGTH,
  STAFF_ROLES,
  STAFF_ROUTES,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_HOURS,
  type StaffAccess,
  type StaffAccountCreate,
  type StaffAuditQuery,
  type StaffCaseQuery,
  type StaffCaseUpdate,
  type StaffChatPhotoQuery,
  type StaffClaimRequest,
  type StaffGrantRequest,
  type StaffLoginRequest,
  type StaffMe,
  type StaffMemberQuery,
  type StaffQueueQuery,
  type StaffReasonRequest,
  type StaffReleaseRequest,
  type StaffReplyRequest,
  type StaffRouteName,
  type StaffSiteUpdate,
  type StaffTotpRequest,
} from '@dating/shared/contract/staff';
import { StringEnum } from '../../lib/contract';
import { ApiError } from '../../lib/errors';
import { siteOrigin } from '../accounts';
import type { StaffSession } from './auth';

import { PRIVATE, sendStoredObject } from '../../lib/storage/http';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const IdParams = Type.Object({ id: Id });
const Reason = Type.Object({ reason: Type.String({ minLength: 1, maxLength: STAFF_REASON_MAX_LENGTH }) });
const SiteLocaleQuery = {
  site: Type.Optional(Id),
  locale: Type.Optional(StringEnum(LOCALES)),
};
const CaseQuery = Type.Object({
  state: Type.Optional(StringEnum(CASE_STATES)),
  site: Type.Optional(Id),
  cursor: Type.Optional(Type.String({ maxLength: 20 })),
});
const CaseUpdate = Type.Object({
  state: Type.Optional(StringEnum(CASE_STATES)),
  reply: Type.Optional(Type.String({ maxLength: STAFF_REPLY_MAIL_MAX_LENGTH })),
});

interface Ctx {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller's session (null only on `public` routes). */
  staff: StaffSession;
  token: string;
  /** The audit log's actor. */
  actor: { id: number; name: string; ip: string | null };
  id: number;
}
interface Handler {
  schema?: { body?: TSchema; querystring?: TSchema; params?: TSchema };
  run(ctx: Ctx): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    staffSession?: StaffSession | null;
  }
}

function setStaffCookie(reply: FastifyReply, token: string, maxAgeS: number) {
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.request.protocol === 'https',
    maxAge: maxAgeS,
  });
}

/**
 * Every route of `STAFF_ROUTES` (shared/src/contract/staff.ts), each behind the access check of its entry: no
 * staff session → 403 auth_required (a member's session → 403 forbidden), the password step alone reaches only
 * `pending` routes, an operator gets 403 forbidden on admin routes. `handlers` is typed by the route names, so a
 * route in the contract without a handler does not compile.
 */
export async function staffRoutes(app: FastifyInstance) {
  const { staff, storage, photos } = app.services;

  const tokenOf = (request: FastifyRequest) => {
    const raw = request.cookies[STAFF_SESSION_COOKIE];
    return raw && raw.length < 100 ? raw : null;
  };

  async function authorize(request: FastifyRequest, access: StaffAccess): Promise<StaffSession | null> {
    const token = tokenOf(request);
    const session = token ? await staff.auth.lookup(token) : null;
    request.staffSession = session;
    if (access === 'public') return session;
    if (!session) {
      // A member's own session is no way in: say so rather than "sign in".
      if ((await request.currentUserId().catch(() => null)) !== null) throw new ApiError(403, 'forbidden');
      throw new ApiError(403, 'auth_required');
    }
    if (access === 'pending') return session;
    if (session.stage !== 'full') throw new ApiError(403, 'auth_required');
    if (access === 'admin' && session.role !== 'admin') throw new ApiError(403, 'forbidden');
    return session;
  }

  const me = async (request: FastifyRequest, s: StaffSession): Promise<StaffMe> => ({
    id: s.staffId,
    email: s.email,
    name: s.name,
    role: s.role,
    stage: s.stage,
    expires_at: s.expiresAt.toISOString(),
    locale: await request.resolveLocale(),
  });

  const handlers: Record<StaffRouteName, Handler> = {
    login: {
      schema: {
        body: Type.Object({
          email: Type.String({ minLength: 1, maxLength: 200 }),
          password: Type.String({ minLength: 1, maxLength: 200 }),
        }),
      },
      async run({ request, reply }) {
        const body = request.body as StaffLoginRequest;
        const { token, answer } = await staff.auth.login(
          body.email,
          body.password,
          request.ip,
          request.cookies[STAFF_DEVICE_COOKIE],
        );
        setStaffCookie(reply, token, STAFF_PENDING_MINUTES * 60);
        return answer;
      },
    },
    totp: {
      schema: { body: Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }) },
      async run({ request, reply, staff: s, token }) {
        if (s.stage !== 'pending') return me(request, s);
        const body = request.body as StaffTotpRequest;
        const full = await staff.auth.verifyCode(token, s, body.code, request.ip);
        setStaffCookie(reply, full.token, STAFF_SESSION_HOURS * 3600);
        // This browser is now a known device of the account: its failed passwords count on their own.
        reply.setCookie(STAFF_DEVICE_COOKIE, staff.auth.newDeviceCookie(s.staffId), {
          path: STAFF_ROUTES.login.path,
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: STAFF_DEVICE_COOKIE_DAYS * 86_400,
        });
        return me(request, { ...s, stage: 'full', expiresAt: full.expiresAt });
      },
    },
    logout: {
      async run({ reply, token, actor }) {
        await staff.auth.logout(token);
        await staff.audit.write(actor, { action: 'logout', targetType: 'staff', targetId: actor.id });
        reply.clearCookie(STAFF_SESSION_COOKIE, { path: '/' });
        return { ok: true };
      },
    },
    me: {
      run: ({ request, staff: s }) => me(request, s),
    },
    dashboard: {
      schema: { querystring: Type.Object({ site: Type.Optional(Id) }) },
      run: ({ request, staff: s }) =>
        staff.dashboard.today((request.query as { site?: number }).site, s.role),
    },
    experiments: {
      schema: { querystring: Type.Object({ app: Type.String({ minLength: 1, maxLength: 100 }) }) },
      run: ({ request }) => app.services.experiments.report((request.query as { app: string }).app),
    },
    rollouts: {
      run: async () => ({
        rollouts: await rolloutsReport({
          guard: app.services.guard,
          telemetry: app.services.telemetry,
          readFile: (name, version, file) => app.services.registry.readFile(name, version, file),
        }),
      }),
    },
    queue: {
      schema: {
        querystring: Type.Object({
          ...SiteLocaleQuery,
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        }),
      },
      run: ({ request, staff: s }) => staff.queue.list(request.query as StaffQueueQuery, s.staffId),
    },
    claim: {
      schema: { body: Type.Object({ conversation: Type.Optional(Id), ...SiteLocaleQuery }) },
      async run({ request, staff: s, actor }) {
        const result = await staff.queue.claim((request.body ?? {}) as StaffClaimRequest, s.staffId);
        await staff.audit.write(actor, {
          action: 'queue_claim',
          targetType: 'conversation',
          targetId: result.conversation,
          after: result,
        });
        return result;
      },
    },
    release: {
      schema: { body: Type.Object({ conversation: Id }) },
      async run({ request, staff: s, actor }) {
        const { conversation } = request.body as StaffReleaseRequest;
        if (await staff.queue.release(conversation, s.staffId)) {
          await staff.audit.write(actor, {
            action: 'queue_release',
            targetType: 'conversation',
            targetId: conversation,
          });
        }
        return { ok: true };
      },
    },
    conversation: {
      schema: { params: IdParams },
      run: ({ id, staff: s }) => staff.queue.conversation(id, s.staffId),
    },
    reply: {
      schema: {
        params: IdParams,
        body: Type.Object({
          client_id: Type.String({ minLength: 8, maxLength: 64 }),
          type: StringEnum(['text', 'gift', 'photo'] as const),
          text: Type.Optional(Type.String({ maxLength: 20_000 })),
          gift_id: Type.Optional(Id),
          album_photo_id: Type.Optional(Id),
        }),
      },
      async run({ id, request, reply, staff: s, actor }) {
        const body = request.body as StaffReplyRequest;
        const result = await staff.queue.reply(id, s.staffId, body, s.name);
        await staff.audit.write(actor, {
          action: 'reply',
          targetType: 'conversation',
          targetId: id,
          after: { message: result.message.id, type: body.type },
        });
        reply.code(201);
        return result;
      },
    },
    chatPhoto: {
      schema: {
        params: IdParams,
        querystring: Type.Object({ photo: Id, size: Type.Optional(StringEnum(['thumb'] as const)) }),
      },
      async run({ id, request, reply }) {
        const q = request.query as StaffChatPhotoQuery;
        const key = await staff.queue.chatPhoto(id, q.photo, q.size === 'thumb');
        if (!key) throw new ApiError(404, 'not_found');
        return sendStoredObject(request, reply, storage, key, {
          cacheControl: PRIVATE,
          notFound: () => {
            throw new ApiError(404, 'not_found');
          },
        });
      },
    },
    photoFile: {
      schema: { params: IdParams, querystring: Type.Object({ size: Type.Optional(StringEnum(['thumb'] as const)) }) },
      async run({ id, request, reply }) {
        const q = request.query as { size?: 'thumb' };
        const found = await photos.privateKeyFor({ staff: true }, id, q.size === 'thumb');
        if (!found) throw new ApiError(404, 'not_found');
        return sendStoredObject(request, reply, storage, found.key, {
          cacheControl: PRIVATE,
          notFound: () => {
            throw new ApiError(404, 'not_found');
          },
        });
      },
    },
    photos: {
      schema: { querystring: Type.Object({ site: Type.Optional(Id) }) },
      run: async ({ request }) => ({
        photos: await staff.moderation.pendingPhotos((request.query as { site?: number }).site),
      }),
    },
    photoApprove: {
      schema: { params: IdParams },
      async run({ id, actor }) {
        const owner = await staff.moderation.approve(id, actor.name);
        await staff.audit.write(actor, {
          action: 'photo_approve',
          targetType: 'photo',
          targetId: id,
          before: { status: 'inspection', member: owner.user_id },
          after: { status: 'active' },
        });
        return { ok: true };
      },
    },
    photoReject: {
      schema: { params: IdParams, body: Reason },
      async run({ id, request, actor }) {
        const { reason } = request.body as StaffReasonRequest;
        const owner = await staff.moderation.reject(id, reason);
        await staff.audit.write(actor, {
          action: 'photo_reject',
          targetType: 'photo',
          targetId: id,
          before: { status: 'inspection', member: owner.user_id },
          after: { status: 'rejected', reason },
        });
        return { ok: true };
      },
    },
    reports: {
      schema: { querystring: CaseQuery },
      run: ({ request }) => staff.moderation.reports(request.query as StaffCaseQuery),
    },
    reportUpdate: {
      schema: { params: IdParams, body: CaseUpdate },
      async run({ id, request, actor }) {
        const { before, after } = await staff.moderation.updateCase(
          'report',
          id,
          request.body as StaffCaseUpdate,
          {
            id: actor.id,
          },
        );
        await staff.audit.write(actor, {
          action: 'report_update',
          targetType: 'report',
          targetId: id,
          before: { state: before.state },
          after: { state: after.state, reply: (request.body as StaffCaseUpdate).reply ?? null },
        });
        return after;
      },
    },
    complaints: {
      schema: { querystring: CaseQuery },
      run: ({ request }) => staff.moderation.complaints(request.query as StaffCaseQuery),
    },
    complaintUpdate: {
      schema: { params: IdParams, body: CaseUpdate },
      async run({ id, request, actor }) {
        const { before, after } = await staff.moderation.updateCase(
          'complaint',
          id,
          request.body as StaffCaseUpdate,
          { id: actor.id },
        );
        await staff.audit.write(actor, {
          action: 'complaint_update',
          targetType: 'complaint',
          targetId: id,
          before: { state: before.state },
          after: { state: after.state, reply: (request.body as StaffCaseUpdate).reply ?? null },
        });
        return after;
      },
    },
    members: {
      schema: {
        querystring: Type.Object({
          q: Type.String({ minLength: 1, maxLength: 200 }),
          site: Type.Optional(Id),
        }),
      },
      run: async ({ request }) => {
        const q = request.query as StaffMemberQuery;
        return { members: await staff.members.search(q.q, q.site) };
      },
    },
    member: {
      schema: { params: IdParams },
      run: ({ id }) => staff.members.detail(id),
    },
    memberBan: {
      schema: { params: IdParams, body: Reason },
      async run({ id, request, actor }) {
        const { reason } = request.body as StaffReasonRequest;
        const { before, after } = await staff.members.setBan(id, { reason, by: actor.name });
        await staff.audit.write(actor, {
          action: 'member_ban',
          targetType: 'member',
          targetId: id,
          before: before.banned,
          after: after.banned,
        });
        return after;
      },
    },
    memberUnban: {
      schema: { params: IdParams },
      async run({ id, actor }) {
        const { before, after } = await staff.members.setBan(id, null);
        await staff.audit.write(actor, {
          action: 'member_unban',
          targetType: 'member',
          targetId: id,
          before: before.banned,
          after: after.banned,
        });
        return after;
      },
    },
    memberCredits: {
      schema: {
        params: IdParams,
        body: Type.Object({
          amount: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
          reason: Type.String({ minLength: 1, maxLength: STAFF_REASON_MAX_LENGTH }),
        }),
      },
      async run({ id, request, actor }) {
        const body = request.body as StaffGrantRequest;
        const before = await staff.members.account(id);
        const result = await staff.members.grant(id, body.amount, body.reason, actor);
        await staff.audit.write(actor, {
          action: 'member_credits',
          targetType: 'member',
          targetId: id,
          before: { credits: before.credits },
          after: { credits: result.credits, amount: body.amount, reason: body.reason },
        });
        return result;
      },
    },
    memberActivation: {
      schema: { params: IdParams },
      async run({ id, request, actor }) {
        const acc = await staff.members.account(id);
        const site = await app.services.sites.byId(acc.site.id);
        await staff.members.resendActivation(
          id,
          site ? siteOrigin(request, site) : `https://${acc.site.host}`,
        );
        await staff.audit.write(actor, {
          action: 'member_resend_activation',
          targetType: 'member',
          targetId: id,
        });
        return { ok: true };
      },
    },
    memberDelete: {
      schema: { params: IdParams },
      async run({ id, actor }) {
        const { before, after } = await staff.members.remove(id);
        await staff.audit.write(actor, {
          action: 'member_delete',
          targetType: 'member',
          targetId: id,
          before: { status: before.status },
          after: { status: after.status },
        });
        return { ok: true };
      },
    },
    refund: {
      schema: { params: IdParams, body: Reason },
      async run({ id, request, actor }) {
        const { reason } = request.body as StaffReasonRequest;
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
    },
    sites: {
      run: () => staff.sites.list(),
    },
    site: {
      schema: { params: IdParams },
      run: ({ id }) => staff.sites.get(id),
    },
    siteUpdate: {
      schema: {
        params: IdParams,
        // The settings' own checks name the offending field (site-settings.ts), so the object is open here.
        body: Type.Object({
          version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
          settings: Type.Record(Type.String(), Type.Unknown()),
        }),
      },
      async run({ id, request, actor }) {
        const { before, after } = await staff.sites.update(id, request.body as StaffSiteUpdate, actor.name);
        await staff.audit.write(actor, {
          action: 'site_update',
          targetType: 'site',
          targetId: id,
          before: { version: before.version, settings: before.settings },
          after: { version: after.version, settings: after.settings },
        });
        return after;
      },
    },
    accounts: {
      run: async () => ({ accounts: await staff.auth.list() }),
    },
    accountCreate: {
      schema: {
        body: Type.Object({
          email: Type.String({ minLength: 1, maxLength: 200 }),
          name: Type.String({ minLength: 1, maxLength: 100 }),
          role: StringEnum(STAFF_ROLES),
          password: Type.String({ minLength: 1, maxLength: 200 }),
        }),
      },
      async run({ request, reply, actor }) {
        const created = await staff.auth.create(request.body as StaffAccountCreate, actor.id);
        await staff.audit.write(actor, {
          action: 'staff_create',
          targetType: 'staff',
          targetId: created.id,
          after: created,
        });
        reply.code(201);
        return created;
      },
    },
    accountDisable: {
      schema: { params: IdParams },
      async run({ id, actor }) {
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
    },
    accountReset2fa: {
      schema: { params: IdParams },
      async run({ id, actor }) {
        const { before, after } = await staff.auth.change(id, 'reset_2fa');
        await staff.audit.write(actor, {
          action: 'staff_reset_2fa',
          targetType: 'staff',
          targetId: id,
          before,
          after,
        });
        return after;
      },
    },
    audit: {
      schema: {
        querystring: Type.Object({
          staff: Type.Optional(Id),
          action: Type.Optional(StringEnum(STAFF_AUDIT_ACTIONS)),
          target_type: Type.Optional(Type.String({ maxLength: 40 })),
          target_id: Type.Optional(Id),
          cursor: Type.Optional(Type.String({ maxLength: 20 })),
        }),
      },
      run: ({ request }) => staff.audit.list(request.query as StaffAuditQuery),
    },
  };

  for (const [name, spec] of Object.entries(STAFF_ROUTES) as [
    StaffRouteName,
    (typeof STAFF_ROUTES)[StaffRouteName],
  ][]) {
    const handler = handlers[name];
    app.route({
      method: spec.method,
      url: spec.path,
      schema: { tags: ['staff'], ...handler.schema },
      // The access check runs before body validation: a member or a visitor learns nothing about the input.
      onRequest: async (request) => {
        await authorize(request, spec.access);
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const session = request.staffSession ?? null;
        const token = tokenOf(request) ?? '';
        const params = (request.params ?? {}) as { id?: number };
        const result = await handler.run({
          request,
          reply,
          staff: session as StaffSession,
          token,
          actor: { id: session?.staffId ?? 0, name: session?.name ?? '', ip: request.ip },
          id: params.id ?? 0,
        });
        return result;
      },
    });
  }
  // Purge ended staff sessions with the members' hourly purge cadence.
  app.ops.jobs.every('staff session purge', 3_600_000, () => staff.auth.purgeExpired());
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  STAFF_ROUTES,
  STAFF_SESSION_COOKIE,
  type StaffAccess,
  type StaffMe,
  type StaffRouteName,
} from '@dating/shared/contract/staff';
import { ApiError } from '../../../lib/errors';
import type { Actor } from '../../audit';
import type { StaffSession } from '../auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access check of every staff route (null on `public` routes without a session). */
    staffSession?: StaffSession | null;
  }
}

/** The app as a route plugin of the api sees it (request types inferred from the TypeBox schemas). */
export type StaffApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** The staff session cookie's token, or null (absent or not a token). */
export function tokenOf(request: FastifyRequest): string | null {
  const raw = request.cookies[STAFF_SESSION_COOKIE];
  return raw && raw.length < 100 ? raw : null;
}

/**
 * The access check of a route: no staff session → 403 auth_required (a member's session → 403 forbidden), the
 * password step alone reaches only `pending` routes, an operator gets 403 forbidden on admin routes.
 */
async function authorize(
  app: FastifyInstance,
  request: FastifyRequest,
  access: StaffAccess,
): Promise<StaffSession | null> {
  const token = tokenOf(request);
  const session = token ? await app.services.staff.auth.lookup(token) : null;
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

/** Route names registered so far, per app: `staffRoutes` checks that every route of `STAFF_ROUTES` has one. */
const registered = new WeakMap<FastifyInstance, Set<StaffRouteName>>();
export const registeredStaffRoutes = (app: FastifyInstance) => registered.get(app) ?? new Set();

/**
 * Method, URL and access check of a route of `STAFF_ROUTES`, to spread into `app.route({ ...staffRoute(app, name),
 * schema, handler })`. The access check runs before body validation: a member or a visitor learns nothing about
 * the input. Staff answers are never cached (set after validation, before the handler, as the answers go).
 */
export function staffRoute<N extends StaffRouteName>(app: FastifyInstance, name: N) {
  const spec = STAFF_ROUTES[name];
  let names = registered.get(app);
  if (!names) registered.set(app, (names = new Set()));
  names.add(name);
  return {
    method: spec.method,
    url: spec.path,
    onRequest: async (request: FastifyRequest) => {
      await authorize(app, request, spec.access);
    },
    preHandler: async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
  };
}

/** The caller's session: every route but `login` has one once the access check passed. */
export function sessionOf(request: FastifyRequest): StaffSession {
  const session = request.staffSession;
  if (!session) throw new ApiError(403, 'auth_required');
  return session;
}

/** The audit log's actor: the caller and their address. */
export function actorOf(request: FastifyRequest): Actor & { id: number; name: string } {
  const session = sessionOf(request);
  return { id: session.staffId, name: session.name, ip: request.ip };
}

export function setStaffCookie(reply: FastifyReply, token: string, maxAgeS: number) {
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.request.protocol === 'https',
    maxAge: maxAgeS,
  });
}

/** The `StaffMe` of a session, in the caller's language. */
export const meOf = async (request: FastifyRequest, s: StaffSession): Promise<StaffMe> => ({
  id: s.staffId,
  email: s.email,
  name: s.name,
  role: s.role,
  stage: s.stage,
  expires_at: s.expiresAt.toISOString(),
  locale: await request.resolveLocale(),
});

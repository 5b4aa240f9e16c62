import {
  STAFF_DEVICE_COOKIE,
  STAFF_DEVICE_COOKIE_DAYS,
  STAFF_PENDING_MINUTES,
  STAFF_ROUTES,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_HOURS,
  StaffLoginRequestSchema,
  StaffLoginResponseSchema,
  StaffMeSchema,
  StaffOkSchema,
  StaffTotpRequestSchema,
} from '@dating/shared/contract/staff';
import { errors } from '../../../lib/contract';
import { actorOf, meOf, sessionOf, setStaffCookie, staffRoute, tokenOf, type StaffApp } from './access';

/** Sign-in in two steps (password, then the authenticator's code), sign-out and the caller's session. */
export function staffAuthRoutes(app: StaffApp) {
  const { staff } = app.services;

  app.route({
    ...staffRoute(app, 'login'),
    schema: {
      tags: ['staff'],
      body: StaffLoginRequestSchema,
      response: { 200: StaffLoginResponseSchema, ...errors(400, 401, 429) },
    },
    async handler(request, reply) {
      const { email, password } = request.body;
      const { token, answer } = await staff.auth.login(
        email,
        password,
        request.ip,
        request.cookies[STAFF_DEVICE_COOKIE],
      );
      setStaffCookie(reply, token, STAFF_PENDING_MINUTES * 60);
      return answer;
    },
  });

  app.route({
    ...staffRoute(app, 'totp'),
    schema: {
      tags: ['staff'],
      body: StaffTotpRequestSchema,
      response: { 200: StaffMeSchema, ...errors(400, 401, 403, 429) },
    },
    async handler(request, reply) {
      const s = sessionOf(request);
      if (s.stage !== 'pending') return meOf(request, s);
      const full = await staff.auth.verifyCode(tokenOf(request) ?? '', s, request.body.code, request.ip);
      setStaffCookie(reply, full.token, STAFF_SESSION_HOURS * 3600);
      // This browser is now a known device of the account: its failed passwords count on their own.
      reply.setCookie(STAFF_DEVICE_COOKIE, staff.auth.newDeviceCookie(s.staffId), {
        path: STAFF_ROUTES.login.path,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: STAFF_DEVICE_COOKIE_DAYS * 86_400,
      });
      return meOf(request, { ...s, stage: 'full', expiresAt: full.expiresAt });
    },
  });

  app.route({
    ...staffRoute(app, 'logout'),
    schema: { tags: ['staff'], response: { 200: StaffOkSchema, ...errors(403) } },
    async handler(request, reply) {
      await staff.auth.logout(tokenOf(request) ?? '', actorOf(request));
      reply.clearCookie(STAFF_SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  });

  app.route({
    ...staffRoute(app, 'me'),
    schema: { tags: ['staff'], response: { 200: StaffMeSchema, ...errors(403) } },
    handler: (request) => meOf(request, sessionOf(request)),
  });
}

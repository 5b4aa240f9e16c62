import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badInput } from '../../../lib/errors';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from '../login-guard';
import {
  UpdateLanguageRequestSchema,
  UserAnswerSchema,
  UserResponseSchema,
} from '@dating/shared/contract/user';
import { errors } from '../../../lib/contract';
import { UserPostBodySchema, UserPostQuerySchema } from '@dating/shared/contract/account';

/**
 * `GET` the current user (or false), `POST` form login (or `?push=1` to store a push subscription),
 * `PUT` the language.
 */
export const userRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user.php',
    { schema: { tags: ['session'], response: { 200: UserResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: (await request.currentUser()) ?? (false as const) };
    },
  );

  app.post(
    '/api/user.php',
    {
      config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['session'],
        querystring: UserPostQuerySchema,
        // The login form's fields, or with `?push=1` the browser's PushSubscription.toJSON().
        body: UserPostBodySchema,
        response: { 200: UserAnswerSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (request.query.push === '1') {
        const user = await request.requireUser();
        if (!body.endpoint) throw badInput('endpoint');
        if (!body.keys) throw badInput('keys');
        await app.services.push.subscribe(user.id, { endpoint: body.endpoint, keys: body.keys });
        return { user: (await app.services.users.load(user.id))! };
      }
      if (!body.email) throw badInput('email');
      if (!body.password) throw badInput('password');
      const user = await app.services.users.authenticate(request.site.id, body.email, body.password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        device: request.cookies[DEVICE_COOKIE],
      });
      await reply.startSession(user);
      // This browser is now a known device of the member: its later attempts have their own lockout count.
      reply.setCookie(DEVICE_COOKIE, app.services.loginGuard.newDeviceCookie(user.id), {
        path: '/api/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: DEVICE_COOKIE_DAYS * 86_400,
      });
      reply.header('cache-control', 'no-store');
      return { user };
    },
  );

  app.put(
    '/api/user.php',
    {
      schema: {
        tags: ['session'],
        body: UpdateLanguageRequestSchema,
        response: { 200: UserAnswerSchema, ...errors(400, 403) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await app.services.users.setLanguage(user.id, request.body.language);
      reply.setLocaleCookie(request.body.language);
      return { user: { ...user, language: request.body.language } };
    },
  );
};

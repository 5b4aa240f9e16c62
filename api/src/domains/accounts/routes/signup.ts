import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SignupSchema } from '@dating/shared/forms/account';
import { UserAnswerSchema } from '@dating/shared/contract/user';
import { errors } from '../../../lib/contract';
import { EXPERIMENT_COOKIE } from '../../../lib/experiment-cookie';

/** `POST /api/signup.php`: creates the account, logs it in (not_confirmed) and mails the activation link. */
export const signupRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/signup.php',
    {
      config: { rateLimit: { max: app.config.signupRateLimit, timeWindow: '10 minutes' } },
      schema: {
        tags: ['accounts'],
        body: SignupSchema,
        response: { 201: UserAnswerSchema, ...errors(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const userId = await app.services.accounts.signup(
        request.site,
        { ...request.body, date_of_birth: request.body.date_of_birth ?? '' },
        {
          geoCountry: request.geoCountry(),
          origin: request.site.publicOrigin,
        },
      );
      await reply.startSession({ id: userId });
      // The visitor's experiment assignments (a canary, the lander seen) now count this signup.
      await app.services.experiments.recordSignup(request.cookies[EXPERIMENT_COOKIE], userId);
      reply.setLocaleCookie(request.body.locale);
      reply.header('cache-control', 'no-store').code(201);
      return { user: (await app.services.users.load(userId))! };
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DevSignupAgeBodySchema, DevSignupAgeResponseSchema } from '@dating/shared/contract/dev';
import { errors } from '../../../lib/contract';
import { notFound } from '../../../lib/errors';

/**
 * `POST /dev/payments/signup-age.json` (development and tests only; loopback only like every /dev/* route, and
 * not registered at all in production): moves a member's signup `hours` into the past, so a browser test can
 * show a member outside the 4-hour time bonus (docs/product/credits-and-payments.md) who still holds a welcome code.
 */
export const devSignupAgeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/dev/payments/signup-age.json',
    {
      schema: {
        hide: true,
        body: DevSignupAgeBodySchema,
        response: { 200: DevSignupAgeResponseSchema, ...errors(400, 404) },
      },
      config: { csrf: false },
    },
    async (request) => {
      const [user] = await app.database.raw.query<{ signup_date: string }>(
        `UPDATE users SET signup_date = signup_date - make_interval(hours => $3)
         WHERE lower(email) = lower($1) AND site_id = $2 RETURNING signup_date`,
        [request.body.email, request.site.id, request.body.hours],
      );
      if (!user) throw notFound();
      return { signup_date: new Date(user.signup_date).toISOString() };
    },
  );
};

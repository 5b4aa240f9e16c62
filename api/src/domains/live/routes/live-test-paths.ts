import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { LiveEvent } from '@dating/shared/contract/index';
import { errors } from '../../../lib/contract';
import { notFound } from '../../../lib/errors';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Paths that exist only for measurement and tests, never in a normal production start:
 * - `POST /api/_bench/live.php` (BENCH=1, like the other `_bench` routes): publishes an event to members through
 *   the hub, as a writer would after its commit (the delivery benchmark and the two-node test drive it).
 * - `POST /dev/live/credit.json` (outside production, loopback only): grants bonus credits through the ledger
 *   (optionally marks the member premium) and publishes the member's counters, so a browser test sees a badge
 *   follow a server change.
 * - `POST /dev/live/drop.json` (outside production, loopback only): ends the member's live streams on this node
 *   without a word, as a connection lost on the way does; the browser reconnects by itself with `Last-Event-ID`
 *   (a browser test of the resume, docs/adr/0039-live-resume.md).
 */
export const liveTestPaths: FastifyPluginAsyncTypebox = async (app) => {
  if (app.config.bench) {
    app.post(
      '/api/_bench/live.php',
      {
        schema: {
          hide: true,
          body: Type.Object({
            user_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 10_000 }),
            event: Type.Object({ type: Type.String() }, { additionalProperties: true }),
          }),
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        app.services.live.publish(request.body.user_ids, request.body.event as unknown as LiveEvent);
        return reply.code(204).send(null);
      },
    );
  }
  if (!app.config.production) {
    app.post(
      '/dev/live/credit.json',
      {
        schema: {
          hide: true,
          body: Type.Object({
            email: Type.String({ maxLength: 254 }),
            amount: Type.Integer({ minimum: 1, maximum: 10_000 }),
            /** Also mark the member premium, as a first purchase does. */
            paid: Type.Optional(Type.Boolean()),
          }),
          response: { 200: Type.Object({ credits: Type.Integer() }), ...errors(400, 404) },
        },
        config: { csrf: false },
      },
      async (request) => {
        if (!LOOPBACK.has(request.ip)) throw notFound();
        const [user] = await app.database.raw.query<{ id: number }>(
          'SELECT id FROM users WHERE lower(email) = lower($1) AND site_id = $2',
          [request.body.email, request.site.id],
        );
        if (!user) throw notFound();
        const credits = await app.services.credits.credit({
          userId: user.id,
          amount: request.body.amount,
          kind: 'bonus',
          ref: 'dev:live',
        });
        if (request.body.paid) {
          await app.database.raw.query('UPDATE users SET paid_user = true WHERE id = $1', [user.id]);
        }
        await app.services.liveCounters.publish(user.id);
        return { credits };
      },
    );
    app.post(
      '/dev/live/drop.json',
      {
        schema: {
          hide: true,
          body: Type.Object({ email: Type.String({ maxLength: 254 }) }),
          response: { 200: Type.Object({ dropped: Type.Integer() }), ...errors(400, 404) },
        },
        config: { csrf: false },
      },
      async (request) => {
        if (!LOOPBACK.has(request.ip)) throw notFound();
        const [user] = await app.database.raw.query<{ id: number }>(
          'SELECT id FROM users WHERE lower(email) = lower($1) AND site_id = $2',
          [request.body.email, request.site.id],
        );
        if (!user) throw notFound();
        return { dropped: app.services.liveConnections.drop(user.id) };
      },
    );
  }
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BenchCachesBodySchema,
  BenchCachesResponseSchema,
  BenchMembersBodySchema,
  BenchMembersResponseSchema,
  BenchMemorySchema,
  BenchTraceBodySchema,
  BenchTraceResponseSchema,
} from '@dating/shared/contract/dev';
import { statementTrace } from '../../../db/trace';
import { CACHE_NAMES, setCachesOff } from '../../../lib/caches';
import { notFound } from '../../../lib/errors';

/**
 * Routes of the throughput bench (tools/bench/api-throughput.mjs), registered only with `BENCH=1` (the two that
 * change state only outside production):
 * - `GET /api/_bench/hello` (no schema, like the bare server's) and `GET /api/_bench/db` (one SELECT 1);
 * - `GET /api/_bench/memory.json`: the process's memory (after a full GC when started with --expose-gc);
 * - `POST /api/_bench/trace.json` `{ on }` (only with BENCH_TRACE=1, loopback): starts or stops recording the SQL
 *   statements the node runs and answers those recorded so far (db/trace.ts, tools/bench/db-ratio.mjs);
 * - `POST /api/_bench/caches` `{ off: [...] }`: which in-process caches are off (lib/caches.ts), so each endpoint
 *   is measured with and without the caches it uses on the same server;
 * - `POST /api/_bench/members.php`: paid members with sessions, credits and conversations with the site's
 *   profiles (messages both ways, the older ones read), so the chat list and sends measure realistic rows.
 */
export const benchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (!app.config.bench) return;
  const { raw } = app.database;
  app.get('/api/_bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
  app.get('/api/_bench/db', { schema: { hide: true } }, async () => {
    const [row] = await raw.query<{ one: number }>('SELECT 1 AS one', [], 'bench_one');
    return { hello: row?.one };
  });
  // The process's memory after a full garbage collection when the process allows one (`--expose-gc`), for the live
  // bench's memory per open stream (tools/bench/live-delivery.mjs).
  app.get(
    '/api/_bench/memory.json',
    { schema: { hide: true, response: { 200: BenchMemorySchema } } },
    async () => {
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      return { rss, heapUsed, external, arrayBuffers };
    },
  );
  // The statements the node runs while a trace is on (db/trace.ts): only in a process started with BENCH_TRACE=1,
  // from loopback (tools/bench/db-ratio.mjs replays them without HTTP). Never set in a deployment.
  if (statementTrace.enabled) {
    app.post(
      '/api/_bench/trace.json',
      {
        schema: {
          hide: true,
          body: BenchTraceBodySchema,
          response: { 200: BenchTraceResponseSchema },
        },
        config: { csrf: false },
      },
      async (request) => {
        if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip)) throw notFound();
        const statements = statementTrace.statements;
        statementTrace.statements = [];
        statementTrace.recording = request.body.on;
        return { statements };
      },
    );
  }

  // What changes state (caches, members with credits) never exists in production, whatever BENCH says.
  if (app.config.production) return;

  app.post(
    '/api/_bench/caches',
    {
      schema: {
        hide: true,
        body: BenchCachesBodySchema,
        response: { 200: BenchCachesResponseSchema },
      },
    },
    async (request) => ({ off: setCachesOff(request.body.off), names: [...CACHE_NAMES] }),
  );

  app.post(
    '/api/_bench/members.php',
    {
      schema: {
        hide: true,
        body: BenchMembersBodySchema,
        response: { 200: BenchMembersResponseSchema },
      },
    },
    async (request) => {
      const { members, conversations, messages } = request.body;
      const site = request.site;
      const partners = await raw.query<{ id: number }>(
        `SELECT p.user_id AS id FROM profiles p JOIN users u ON u.id = p.user_id
         WHERE p.searchable AND u.site_id = $1 ORDER BY p.user_id LIMIT 500`,
        [site.id],
      );
      const out: { id: number; cookie: string; partners: number[] }[] = [];
      for (let i = 0; i < members; i++) {
        const [user] = await raw.query<{ id: number }>(
          `WITH u AS (INSERT INTO users (site_id, email, password_hash, status, paid_user, credits)
                      VALUES ($1, $2, 'x', 'confirmed', true, 100000000) RETURNING id),
                p AS (INSERT INTO profiles (user_id, name, gender, date_of_birth, country)
                      SELECT id, 'Bench', 'male', '1990-01-01', 'NL' FROM u),
                l AS (INSERT INTO credit_ledger (user_id, kind, amount, balance_after, ref)
                      SELECT id, 'purchase', 100000000, 100000000, 'order:bench' FROM u)
           SELECT id FROM u`,
          [site.id, `bench-${Date.now()}-${i}-${Math.random().toString(36).slice(2)}@example.org`],
        );
        const me = user!.id;
        const mine = Array.from(
          { length: Math.min(conversations, partners.length) },
          (_, k) => partners[(i * 7 + k) % partners.length]!.id,
        );
        if (mine.length) {
          // Both sides write in turn; all but the partner's last message are read.
          await raw.query(
            `WITH c AS (
               INSERT INTO conversations (user_a, user_b, started_by)
               SELECT least($1, p), greatest($1, p), $1 FROM unnest($2::int[]) AS p
               RETURNING id, user_a, user_b)
             INSERT INTO messages (conversation_id, sender_id, client_id, type, body, credits_spent, read_at, created_at)
             SELECT c.id, CASE WHEN n % 2 = 0 THEN $1 ELSE c.user_a + c.user_b - $1 END, NULL, 'text',
                    'Bench message ' || n, 0,
                    CASE WHEN n < $3 THEN now() END, now() - ($3 - n) * interval '1 minute'
             FROM c, generate_series(1, $3) AS n`,
            [me, mine, messages],
          );
        }
        const token = await app.services.sessions.create(me);
        out.push({ id: me, cookie: `sid=${token}`, partners: mine });
      }
      app.services.chats.invalidate(...out.map((m) => m.id));
      return { members: out };
    },
  );
};

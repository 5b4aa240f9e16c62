import http from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { Type } from 'typebox';
import { createJobs, type Jobs } from '../lib/ops/jobs';
import { createMetrics, type Metrics } from '../lib/ops/metrics';
import { addRouteHook } from '../lib/route-hooks';

export type NodeState = 'starting' | 'ready' | 'draining';
/** A readiness check: resolves when its part answers, rejects (or takes over CHECK_TIMEOUT_MS) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface Readiness {
  ready: boolean;
  state: NodeState;
  /** Each part: `ok`, `failed` or `timeout` (details only in the log: /readyz faces the load balancer). */
  checks: Record<string, 'ok' | 'failed' | 'timeout'>;
}

export interface Ops {
  state(): NodeState;
  /**
   * Adds a part /readyz waits for (the database and Redis are added here; object storage adds its `check()`
   * where it is built, see below). Other parts may add theirs the same way.
   */
  addReadinessCheck(name: string, check: ReadinessCheck): void;
  readiness(): Promise<Readiness>;
  /** Turns the node unready and stops starting background jobs; the server keeps answering until closed. */
  drain(): Promise<void>;
  jobs: Jobs;
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

const CHECK_TIMEOUT_MS = 1_000;
/** /readyz answers from one round of checks for this long: it is public, and must not cost a query per call. */
const READINESS_CACHE_MS = 1_000;

const ReadinessSchema = Type.Object({
  ready: Type.Boolean(),
  state: Type.Union([Type.Literal('starting'), Type.Literal('ready'), Type.Literal('draining')]),
  checks: Type.Record(
    Type.String(),
    Type.Union([Type.Literal('ok'), Type.Literal('failed'), Type.Literal('timeout')]),
  ),
});

function withTimeout(check: ReadinessCheck): Promise<'ok' | 'failed' | 'timeout'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
    timer.unref();
    Promise.resolve()
      .then(check)
      .then(
        () => resolve('ok'),
        () => resolve('failed'),
      )
      .finally(() => clearTimeout(timer));
  });
}

/**
 * What load balancers and operators ask a node (README "Several machines", ADR 0026): `GET /healthz` (the process
 * lives: 200 always), `GET /readyz` (200 when starting is over, it is not draining and the database, Redis and
 * storage answer; 503 otherwise), the background jobs under their cross-node locks, and the Prometheus metrics,
 * which only the separate METRICS_PORT serves (`startOpsServer`). Registered after the services, before routes.
 */
export const opsPlugin = fp<{ redis: Redis | null }>(
  async (app, { redis }) => {
    let state: NodeState = 'starting';
    const checks = new Map<string, ReadinessCheck>();
    const metrics = createMetrics();
    const jobs = createJobs(app.database.raw, app.log, (job, outcome) => metrics.jobTurn(job, outcome));
    let last: { at: number; answer: Promise<Readiness> } | null = null;
    const failing = new Set<string>();

    async function runChecks(): Promise<Readiness> {
      const names = [...checks.keys()];
      const results = await Promise.all(names.map((name) => withTimeout(checks.get(name)!)));
      const answer: Readiness = { ready: state === 'ready', state, checks: {} };
      names.forEach((name, i) => {
        const result = results[i]!;
        answer.checks[name] = result;
        if (result !== 'ok') answer.ready = false;
        // Logged when a part stops answering and when it answers again, not on every probe.
        if (result !== 'ok' && !failing.has(name)) {
          failing.add(name);
          app.log.warn({ check: name, result }, 'readiness check failing');
        } else if (result === 'ok' && failing.delete(name)) {
          app.log.warn({ check: name }, 'readiness check passes again');
        }
      });
      return answer;
    }

    const ops: Ops = {
      state: () => state,
      addReadinessCheck(name, check) {
        checks.set(name, check);
        last = null;
      },
      readiness() {
        const now = Date.now();
        if (!last || now - last.at >= READINESS_CACHE_MS) last = { at: now, answer: runChecks() };
        const { answer } = last;
        // The state is read now: a node that started draining is unready at once, whatever was cached.
        return answer.then((a) => ({ ...a, state, ready: a.ready && state === 'ready' }));
      },
      async drain() {
        if (state === 'draining') return;
        state = 'draining';
        app.log.info('draining: unready, background jobs stop; answering until closed');
        await jobs.stop();
      },
      jobs,
      metrics,
    };
    app.decorate('ops', ops);

    ops.addReadinessCheck('database', () => app.database.raw.query('SELECT 1'));
    if (redis) ops.addReadinessCheck('redis', () => redis.ping());
    // Object storage, when the app has one with a check (api/src/lib/storage): added by name so a storage
    // service built in services.ts is picked up here without this file knowing its type.
    const storage = (app.services as unknown as { storage?: { check?: () => Promise<unknown> } }).storage;
    if (storage?.check) ops.addReadinessCheck('storage', () => storage.check!());

    metrics.setSources({
      liveStreams: () => app.services.liveConnections.count(),
      eventsPublished: () => app.services.live.published(),
      raw: app.database.raw,
    });
    // Per route, a hook with the route's pattern as its label (set once; no per-request lookup of the route).
    app.addHook('onRoute', (route: RouteOptions) => {
      addRouteHook(route, 'onResponse', metrics.routeHook(route));
    });

    app.addHook('onReady', async () => {
      state = 'ready';
    });
    // A draining node answers what still reaches it with `Connection: close`: the client or load balancer does not
    // keep the connection for its next request, which would meet a closed socket once the node stops (a request
    // written on an idle connection as the node closes it is lost, and a proxy may not resend it).
    app.addHook('onRequest', (_request, reply, done) => {
      if (state === 'draining') reply.header('connection', 'close');
      done();
    });
    app.addHook('preClose', async () => {
      state = 'draining';
    });
    app.addHook('onClose', async () => jobs.stop());

    app.get(
      '/healthz',
      {
        logLevel: 'warn',
        schema: { tags: ['ops'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );
    app.get(
      '/readyz',
      {
        logLevel: 'warn',
        schema: { tags: ['ops'], response: { 200: ReadinessSchema, 503: ReadinessSchema } },
      },
      async (_request, reply) => {
        const answer = await ops.readiness();
        reply.header('cache-control', 'no-store');
        return reply.code(answer.ready ? 200 : 503).send(answer);
      },
    );
  },
  { name: 'ops', dependencies: ['services'] },
);

/**
 * The operators' port (METRICS_PORT on METRICS_HOST, default 127.0.0.1): `/metrics` in Prometheus text format,
 * and `/healthz` and `/readyz` as on the public port. A plain HTTP server beside the site's, so none of the site's
 * routes, hooks or limits apply and the public port never serves the metrics.
 */
export async function startOpsServer(app: FastifyInstance, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'method not allowed\n');
    if (path === '/metrics') {
      app.ops.metrics.text().then(
        (text) => send(200, app.ops.metrics.contentType, text),
        (err: unknown) => {
          app.log.warn({ err }, 'metrics failed');
          send(500, 'text/plain', 'metrics failed\n');
        },
      );
    } else if (path === '/healthz') {
      send(200, 'application/json', '{"status":"ok"}');
    } else if (path === '/readyz') {
      void app.ops
        .readiness()
        .then((answer) => send(answer.ready ? 200 : 503, 'application/json', JSON.stringify(answer)));
    } else {
      send(404, 'text/plain', 'not found\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

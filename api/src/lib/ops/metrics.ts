import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RouteOptions, onResponseHookHandler } from 'fastify';
import type { RawDb } from '../../db/client';

/** What the metrics read at scrape time from the rest of the app (set once the services exist). */
export interface MetricSources {
  liveStreams(): number;
  eventsPublished(): number;
  raw: RawDb;
}

/** A query's answer, or nothing when the database does not answer in time (the scrape still succeeds). */
async function scalar(raw: RawDb, text: string): Promise<number | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(resolve, 1_000, null).unref());
  const query = raw.query<{ n: string | number | null }>(text).then(
    (rows) => Number(rows[0]?.n ?? 0),
    () => null,
  );
  return Promise.race([query, timeout]);
}

/**
 * The node's Prometheus metrics (prom-client, one registry per app): requests per route and status with their
 * duration, open live streams, live events published, mail and SMS outbox backlog, payment reconciliation lag,
 * database pool use, background job turns, canary guard decisions, and Node's process metrics. Served on METRICS_PORT only
 * (plugins/ops.ts), never on the public port.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let sources: MetricSources | null = null;

  // One histogram: its `_count` is the number of requests per method, route and status, its `_sum` their time
  // (a separate counter would cost a second label lookup per request for the same number).
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status (_count: requests answered)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'live_streams_open',
    help: 'Live channel streams (GET /api/live.php) open on this node',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.liveStreams());
    },
  });
  let publishedSeen = 0;
  new Counter({
    name: 'live_events_published_total',
    help: 'Live events published by this node (one per member an event is for)',
    registers: [registry],
    collect() {
      if (!sources) return;
      const now = sources.eventsPublished();
      this.inc(now - publishedSeen);
      publishedSeen = now;
    },
  });
  new Gauge({
    name: 'mail_outbox_backlog',
    help: 'Mails neither sent nor given up (mail_outbox); grows while SMTP is away or MAIL_OUTBOX_ONLY is set',
    registers: [registry],
    async collect() {
      if (!sources) return;
      const n = await scalar(
        sources.raw,
        'SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL',
      );
      if (n !== null) this.set(n);
    },
  });
  new Gauge({
    name: 'sms_outbox_backlog',
    help: 'SMS neither sent nor failed (sms_outbox)',
    registers: [registry],
    async collect() {
      if (!sources) return;
      const n = await scalar(
        sources.raw,
        'SELECT count(*) AS n FROM sms_outbox WHERE sent_at IS NULL AND error IS NULL',
      );
      if (n !== null) this.set(n);
    },
  });
  new Gauge({
    name: 'payment_reconciliation_lag_seconds',
    help: 'How long the most overdue pending payment has waited past its next provider check (0: none overdue)',
    registers: [registry],
    async collect() {
      if (!sources) return;
      const n = await scalar(
        sources.raw,
        `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(next_check_at)), 0) AS n
           FROM payments WHERE status = 'pending' AND next_check_at <= now()`,
      );
      if (n !== null) this.set(n);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max); absent on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = sources?.raw.poolStats();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
    },
  });
  const jobTurns = new Counter({
    name: 'job_turns_total',
    help: 'Background job turns by job and outcome (ran here, skipped: another node held it, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const guardDecisions = new Counter({
    name: 'canary_guard_decisions_total',
    help: 'Canary guard decisions that changed the registry, by app and action (advance, promote, rollback)',
    labelNames: ['app', 'action'] as const,
    registers: [registry],
  });
  const telemetryRefused = new Counter({
    name: 'telemetry_beacons_refused_total',
    help: 'Client telemetry beacons refused or not counted, by reason (origin, token_missing, token_forged, token_expired, not_on_page; replay: views already counted)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  return {
    registry,
    guardDecision(app: string, action: string) {
      guardDecisions.inc({ app, action });
    },
    /** A telemetry beacon refused (or a view in it already counted) and why. */
    telemetryRefused(reason: string) {
      telemetryRefused.inc({ reason });
    },
    setSources(given: MetricSources) {
      sources = given;
    },
    jobTurn(job: string, outcome: string) {
      jobTurns.inc({ job, outcome });
    },
    /** The onResponse hook of one route: its pattern is the label (never the raw URL with ids in it). */
    routeHook(route: RouteOptions): onResponseHookHandler {
      type Child = Histogram.Internal<'method' | 'route' | 'status'>;
      const byMethod = new Map<string, Map<number, Child>>();
      return (request, reply, done) => {
        let byStatus = byMethod.get(request.method);
        if (!byStatus) byMethod.set(request.method, (byStatus = new Map()));
        let child = byStatus.get(reply.statusCode);
        if (!child) {
          child = duration.labels({
            method: request.method,
            route: route.url,
            status: String(reply.statusCode),
          });
          byStatus.set(reply.statusCode, child);
        }
        child.observe(reply.elapsedTime / 1000);
        done();
      };
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

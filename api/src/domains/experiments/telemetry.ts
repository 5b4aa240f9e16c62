import { sql, type SQL } from 'drizzle-orm';
import type { TelemetryView } from '@dating/shared/contract/telemetry';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import type { DeployedSite } from '../sites';
import type { ArmCounts } from './guard-rule';
import { bucketOf, valueOf, type Vital } from './vital-buckets';

/**
 * Client telemetry per remote version (issue 31): page views, errors, remote-load failures and Web Vitals, as the
 * browsers of each arm report them, aggregated per app, version, page and minute (migration 0300). The canary guard
 * reads it per arm; staff read the top errors of a version.
 */

/** Why a reported view was not counted (answered to nobody: counted in the log and the metrics only). */
export type Refusal = 'unknown_version' | 'not_assigned';

/**
 * Keeps the views a visitor may report: the app's stable version, or the canary when the visitor's experiment
 * cookie assigned it to them. A forged report can name neither a version that is not deployed nor the other arm.
 */
export function admissibleViews(
  views: readonly TelemetryView[],
  deployed: DeployedSite,
  assigned: Readonly<Record<string, string>>,
): { views: TelemetryView[]; refused: Refusal[] } {
  const kept: TelemetryView[] = [];
  const refused: Refusal[] = [];
  for (const view of views) {
    const experiment = deployed.canaries.find((c) => c.app === view.app);
    const stable =
      view.app === 'shell'
        ? deployed.shell?.version
        : deployed.remotes.find((r) => r.name === view.app.replace(/-/g, '_'))?.version;
    if (experiment) {
      const mine = assigned[view.app];
      if (view.version !== experiment.stable.version && view.version !== experiment.canary.version) {
        refused.push('unknown_version');
      } else if (mine !== view.version) {
        refused.push('not_assigned');
      } else kept.push(view);
    } else if (stable && view.version === stable) kept.push(view);
    else refused.push('unknown_version');
  }
  return { views: kept, refused };
}

function minuteOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}

/** Sums rows that share a key, so one INSERT … ON CONFLICT never touches a row twice. */
function sumBy<T>(items: T[], key: (item: T) => string, add: (into: T, from: T) => void): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const seen = byKey.get(k);
    if (seen) add(seen, item);
    else byKey.set(k, { ...item });
  }
  return [...byKey.values()];
}

const VITALS: Vital[] = ['lcp', 'inp', 'cls'];

/** At most this many LCP values are read back per arm (histogram counts scaled down beyond it). */
const MAX_LCP_SAMPLES = 5_000;

export function createTelemetryService(db: Db) {
  return {
    /** Stores admissible views; one statement per table, whatever the batch size. */
    async record(views: readonly TelemetryView[], now = new Date()): Promise<void> {
      if (!views.length) return;
      const minute = minuteOf(now).toISOString();
      const pages = sumBy(
        views.map((v) => ({
          app: v.app,
          version: v.version,
          page: v.page,
          views: 1,
          errors: v.errors > 0 ? 1 : 0,
          failures: v.load_failure ? 1 : 0,
        })),
        (r) => `${r.app}\0${r.version}\0${r.page}`,
        (into, from) => {
          into.views += from.views;
          into.errors += from.errors;
          into.failures += from.failures;
        },
      );
      const vitals = sumBy(
        views.flatMap((v) =>
          VITALS.filter((name) => typeof v[name] === 'number').map((name) => ({
            app: v.app,
            version: v.version,
            metric: name,
            bucket: bucketOf(name, v[name]!),
            count: 1,
          })),
        ),
        (r) => `${r.app}\0${r.version}\0${r.metric}\0${r.bucket}`,
        (into, from) => {
          into.count += from.count;
        },
      );
      const samples = sumBy(
        views.flatMap((v) =>
          (v.samples ?? []).map((s) => ({
            app: v.app,
            version: v.version,
            kind: s.kind,
            message: s.message,
            stack: s.stack,
            fingerprint: fingerprint(s.kind, s.message, s.stack),
            count: 1,
          })),
        ),
        (r) => `${r.app}\0${r.version}\0${r.fingerprint}`,
        (into, from) => {
          into.count += from.count;
        },
      );
      const values = (list: SQL[]) => sql.join(list, sql`, `);
      await db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO telemetry_minutes
            (app, version, page, minute, page_views, error_views, load_failure_views)
          VALUES ${values(
            pages.map(
              (r) =>
                sql`(${r.app}, ${r.version}, ${r.page}, ${minute}, ${r.views}, ${r.errors}, ${r.failures})`,
            ),
          )}
          ON CONFLICT (app, version, minute, page) DO UPDATE SET
            page_views = telemetry_minutes.page_views + EXCLUDED.page_views,
            error_views = telemetry_minutes.error_views + EXCLUDED.error_views,
            load_failure_views = telemetry_minutes.load_failure_views + EXCLUDED.load_failure_views`);
        if (vitals.length) {
          await tx.execute(sql`INSERT INTO telemetry_vitals (app, version, minute, metric, bucket, count)
            VALUES ${values(
              vitals.map(
                (r) => sql`(${r.app}, ${r.version}, ${minute}, ${r.metric}, ${r.bucket}, ${r.count})`,
              ),
            )}
            ON CONFLICT (app, version, metric, minute, bucket) DO UPDATE SET
              count = telemetry_vitals.count + EXCLUDED.count`);
        }
        if (samples.length) {
          await tx.execute(sql`INSERT INTO telemetry_errors
              (app, version, fingerprint, kind, message, stack, count, first_seen, last_seen)
            VALUES ${values(
              samples.map(
                (r) =>
                  sql`(${r.app}, ${r.version}, ${r.fingerprint}, ${r.kind}, ${r.message}, ${r.stack},
                    ${r.count}, ${now.toISOString()}, ${now.toISOString()})`,
              ),
            )}
            ON CONFLICT (app, version, fingerprint) DO UPDATE SET
              count = telemetry_errors.count + EXCLUDED.count, last_seen = EXCLUDED.last_seen`);
        }
      });
    },

    /** What the guard judges an arm on: everything the version reported since `since` (a step's start). */
    async armCounts(app: string, version: string, since: Date): Promise<ArmCounts> {
      const from = minuteOf(since).toISOString();
      const [totals] = await rows<{ views: string | null; errors: string | null; failures: string | null }>(
        db,
        sql`SELECT sum(page_views) AS views, sum(error_views) AS errors, sum(load_failure_views) AS failures
          FROM telemetry_minutes WHERE app = ${app} AND version = ${version} AND minute >= ${from}`,
      );
      const buckets = await rows<{ bucket: number; n: string }>(
        db,
        sql`SELECT bucket, sum(count) AS n FROM telemetry_vitals
          WHERE app = ${app} AND version = ${version} AND metric = 'lcp' AND minute >= ${from}
          GROUP BY bucket ORDER BY bucket`,
      );
      const total = buckets.reduce((sum, b) => sum + Number(b.n), 0);
      const scale = total > MAX_LCP_SAMPLES ? MAX_LCP_SAMPLES / total : 1;
      const lcp: number[] = [];
      for (const b of buckets) {
        const n = Math.round(Number(b.n) * scale);
        for (let i = 0; i < n; i++) lcp.push(valueOf('lcp', Number(b.bucket)));
      }
      return {
        pageViews: Number(totals?.views ?? 0),
        errorViews: Number(totals?.errors ?? 0),
        loadFailureViews: Number(totals?.failures ?? 0),
        lcp,
      };
    },

    /** The errors a version reported most, for staff. */
    async topErrors(app: string, version: string, limit = 10) {
      return rows<{ kind: string; message: string; stack: string; count: number; last_seen: string }>(
        db,
        sql`SELECT kind, message, stack, count, last_seen FROM telemetry_errors
          WHERE app = ${app} AND version = ${version} ORDER BY count DESC, last_seen DESC LIMIT ${limit}`,
      );
    },

    /** Drops what is older than `days` (a job; the guard reads minutes to hours back). */
    async prune(days = 30, now = new Date()): Promise<void> {
      const before = new Date(now.getTime() - days * 86_400_000).toISOString();
      await db.execute(sql`DELETE FROM telemetry_minutes WHERE minute < ${before}`);
      await db.execute(sql`DELETE FROM telemetry_vitals WHERE minute < ${before}`);
      await db.execute(sql`DELETE FROM telemetry_errors WHERE last_seen < ${before}`);
    },
  };
}

/** One error, whatever the page view: its kind, message and first stack line (URLs of chunks carry no query). */
function fingerprint(kind: string, message: string, stack: string): string {
  const top = stack.split('\n').find((line) => /at |@/.test(line)) ?? '';
  return `${kind}|${message.slice(0, 120)}|${top.trim().slice(0, 160)}`;
}

export type TelemetryService = ReturnType<typeof createTelemetryService>;

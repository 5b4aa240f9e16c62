import { sql, type SQL } from 'drizzle-orm';
import type { TelemetryView } from '@dating/shared/contract/telemetry';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/sql';
import { scrubText } from '@dating/shared/telemetry-scrub';
import type { ArmCounts } from './guard-rule';
import type { TokenRefusal, ViewToken } from './view-token';
import { bucketOf, valueOf, type Vital } from './vital-buckets';

/**
 * Client telemetry per remote version (docs/adr/0032-canary-guard.md): page views, errors, remote-load failures and
 * Web Vitals, as the browsers of each arm report them. Aggregated per app, version, page and minute (migration
 * 0300) for staff, and per app, version, minute and visitor (migration 0341) for the canary guard, which counts
 * visitors: however many views one visitor reports, they weigh as one. Only views of a page the server handed out
 * are stored, each once (its view token, view-token.ts).
 */

/** Why a beacon was refused (answered 403, counted in /metrics as `telemetry_beacons_refused_total{reason}`). */
export type BeaconRefusal = 'origin' | 'token_missing' | TokenRefusal | 'not_on_page';

/**
 * A beacon's views may name only the versions the page was given (its token's): a view of another app or version
 * is not one this page can have shown, and the whole beacon is refused.
 */
export function onPage(views: readonly TelemetryView[], token: ViewToken): boolean {
  return views.every((view) => token.versions[view.app] === view.version);
}

/** What one beacon (or the server itself, for a render that failed) reports for one visitor. */
export interface ViewsOf {
  views: readonly TelemetryView[];
  /**
   * The visitor the views weigh for (a keyed hash of their id; never the cookie's value), or one per view (the
   * guard's tests, which simulate many visitors at once).
   */
  visitor: string | readonly string[];
  /**
   * The page the views belong to (its token): each (page, seq, app) is counted once, a replay adds nothing. The
   * server's own reports (a failed server render) have none.
   */
  claim?: { page: string; expiresAt: Date };
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

/** At most this many LCP (and INP) values are read back per arm (histogram counts scaled down beyond it). */
const MAX_VITAL_SAMPLES = 5_000;

const worst = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** Writes views already claimed: the per-page and per-visitor aggregates, vitals and error samples. */
async function store(
  tx: Tx,
  views: readonly TelemetryView[],
  visitorOf: (index: number) => string,
  minute: string,
  now: Date,
) {
  const values = (list: SQL[]) => sql.join(list, sql`, `);
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
        message: scrubText(s.message, 300),
        stack: scrubText(s.stack, 2000),
        count: 1,
      })),
    ),
    (r) => `${r.app}\0${r.version}\0${fingerprint(r.kind, r.message, r.stack)}`,
    (into, from) => {
      into.count += from.count;
    },
  );
  // Per visitor: whether any of their views had an error or a load failure charged to the app, their worst vitals.
  const visitors = sumBy(
    views.map((v, i) => ({
      app: v.app,
      version: v.version,
      visitor: visitorOf(i),
      error: v.errors > 0,
      failure: v.load_failure,
      lcp: typeof v.lcp === 'number' ? bucketOf('lcp', v.lcp) : null,
      inp: typeof v.inp === 'number' ? bucketOf('inp', v.inp) : null,
    })),
    (r) => `${r.app}\0${r.version}\0${r.visitor}`,
    (into, from) => {
      into.error ||= from.error;
      into.failure ||= from.failure;
      into.lcp = worst(into.lcp, from.lcp);
      into.inp = worst(into.inp, from.inp);
    },
  );
  await tx.execute(sql`INSERT INTO telemetry_visitors
      (app, version, minute, visitor, error, load_failure, lcp_bucket, inp_bucket)
    VALUES ${values(
      visitors.map(
        (r) =>
          sql`(${r.app}, ${r.version}, ${minute}, ${r.visitor}, ${r.error}, ${r.failure}, ${r.lcp}::smallint, ${r.inp}::smallint)`,
      ),
    )}
    ON CONFLICT (app, version, minute, visitor) DO UPDATE SET
      error = telemetry_visitors.error OR EXCLUDED.error,
      load_failure = telemetry_visitors.load_failure OR EXCLUDED.load_failure,
      lcp_bucket = GREATEST(telemetry_visitors.lcp_bucket, EXCLUDED.lcp_bucket),
      inp_bucket = GREATEST(telemetry_visitors.inp_bucket, EXCLUDED.inp_bucket)`);
  await tx.execute(sql`INSERT INTO telemetry_minutes
      (app, version, page, minute, page_views, error_views, load_failure_views)
    VALUES ${values(
      pages.map(
        (r) => sql`(${r.app}, ${r.version}, ${r.page}, ${minute}, ${r.views}, ${r.errors}, ${r.failures})`,
      ),
    )}
    ON CONFLICT (app, version, minute, page) DO UPDATE SET
      page_views = telemetry_minutes.page_views + EXCLUDED.page_views,
      error_views = telemetry_minutes.error_views + EXCLUDED.error_views,
      load_failure_views = telemetry_minutes.load_failure_views + EXCLUDED.load_failure_views`);
  if (vitals.length) {
    await tx.execute(sql`INSERT INTO telemetry_vitals (app, version, minute, metric, bucket, count)
      VALUES ${values(
        vitals.map((r) => sql`(${r.app}, ${r.version}, ${minute}, ${r.metric}, ${r.bucket}, ${r.count})`),
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
            sql`(${r.app}, ${r.version}, ${fingerprint(r.kind, r.message, r.stack)}, ${r.kind}, ${r.message}, ${r.stack},
              ${r.count}, ${now.toISOString()}, ${now.toISOString()})`,
        ),
      )}
      ON CONFLICT (app, version, fingerprint) DO UPDATE SET
        count = telemetry_errors.count + EXCLUDED.count, last_seen = EXCLUDED.last_seen`);
  }
}

export function createTelemetryService(db: Db) {
  return {
    /**
     * Stores a visitor's views, each at most once (`claim`), scrubbed; one statement per table, whatever the batch
     * size. Answers how many views were new.
     */
    async record({ views: given, visitor, claim }: ViewsOf, now = new Date()): Promise<number> {
      if (!given.length) return 0;
      const minute = minuteOf(now).toISOString();
      const values = (list: SQL[]) => sql.join(list, sql`, `);
      return db.transaction(async (tx) => {
        const visitorOf = (v: TelemetryView) =>
          typeof visitor === 'string' ? visitor : (visitor[given.indexOf(v)] ?? '');
        let views = given;
        if (claim) {
          const claimed = await rows<{ seq: number; app: string }>(
            tx,
            sql`INSERT INTO telemetry_claims (page, seq, app, expires_at)
              VALUES ${values(
                given.map((v) => sql`(${claim.page}, ${v.seq}, ${v.app}, ${claim.expiresAt.toISOString()})`),
              )}
              ON CONFLICT DO NOTHING RETURNING seq, app`,
          );
          const fresh = new Set(claimed.map((c) => `${c.seq}\0${c.app}`));
          // A view named twice in one beacon is claimed once: the first copy counts.
          views = given.filter((v) => fresh.delete(`${v.seq}\0${v.app}`));
        }
        if (!views.length) return 0;
        await store(tx, views, (i) => visitorOf(views[i]!), minute, now);
        return views.length;
      });
    },

    /**
     * What the guard judges an arm on, since `since` (a step's start), counted in visitors: `pageViews` is the
     * visitors who reported a view of this version, `errorViews` those with at least one view with an error charged
     * to it, `loadFailureViews` those with a load failure of it; `lcp` and `inp` one sample per visitor (their worst).
     * One visitor's views weigh as one visitor, however many pages they open or beacons they send.
     */
    async armCounts(app: string, version: string, since: Date): Promise<ArmCounts> {
      const from = minuteOf(since).toISOString();
      const perVisitor = sql`SELECT visitor, bool_or(error) AS error, bool_or(load_failure) AS failure,
            max(lcp_bucket) AS lcp, max(inp_bucket) AS inp
          FROM telemetry_visitors WHERE app = ${app} AND version = ${version} AND minute >= ${from}
          GROUP BY visitor`;
      const [totals] = await rows<{ visitors: string; errors: string; failures: string }>(
        db,
        sql`SELECT count(*) AS visitors, count(*) FILTER (WHERE error) AS errors,
            count(*) FILTER (WHERE failure) AS failures FROM (${perVisitor}) v`,
      );
      const buckets = await rows<{ metric: 'lcp' | 'inp'; bucket: number; n: string }>(
        db,
        sql`SELECT 'lcp' AS metric, lcp AS bucket, count(*) AS n FROM (${perVisitor}) v
            WHERE lcp IS NOT NULL GROUP BY lcp
          UNION ALL
          SELECT 'inp' AS metric, inp AS bucket, count(*) AS n FROM (${perVisitor}) v
            WHERE inp IS NOT NULL GROUP BY inp`,
      );
      const samples = (metric: 'lcp' | 'inp') => {
        const mine = buckets.filter((b) => b.metric === metric).sort((x, y) => x.bucket - y.bucket);
        const total = mine.reduce((sum, b) => sum + Number(b.n), 0);
        const scale = total > MAX_VITAL_SAMPLES ? MAX_VITAL_SAMPLES / total : 1;
        const out: number[] = [];
        for (const b of mine) {
          const n = Math.round(Number(b.n) * scale);
          for (let i = 0; i < n; i++) out.push(valueOf(metric, Number(b.bucket)));
        }
        return out;
      };
      const counts: ArmCounts & { inp: readonly number[] } = {
        pageViews: Number(totals?.visitors ?? 0),
        errorViews: Number(totals?.errors ?? 0),
        loadFailureViews: Number(totals?.failures ?? 0),
        lcp: samples('lcp'),
        inp: samples('inp'),
      };
      return counts;
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
      await db.execute(sql`DELETE FROM telemetry_visitors WHERE minute < ${before}`);
      await db.execute(sql`DELETE FROM telemetry_claims WHERE expires_at < ${now.toISOString()}`);
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

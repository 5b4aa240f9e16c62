import { sql } from 'drizzle-orm';
import type {
  ExperimentCounts,
  ExperimentReport,
  LanderPageKey,
  RegistryEntry,
} from '@dating/shared/contract/index';
import type { Db, RawDb } from '../../db/client';
import { rows } from '../../db/sql';
import { TtlMap } from '../../lib/ttl-map';
import type { DeployedSite, Registry } from '../sites';
import {
  assign,
  formatExperimentCookie,
  newVisitorId,
  parseExperimentCookie,
  remotesFor,
  type Assignment,
} from './assignment';
import { wilsonInterval } from './wilson';

/** The remote whose lander pages count visits even without an experiment running. */
export const LANDERS_APP = 'mf-landers';

export interface PageVisit {
  cookie: string | undefined;
  deployed: DeployedSite;
  /** The lander page shown, or null for any other page. */
  page: LanderPageKey | null;
  siteId: number;
  /** Logged-in members are served their assigned versions but not counted: they are no longer converting. */
  member: boolean;
}

interface CountRow {
  version: string;
  variant: string | null;
  visits: number | string;
  signups: number | string;
  activations: number | string;
  purchases: number | string;
}

function counts(row: CountRow): ExperimentCounts {
  const visits = Number(row.visits);
  const signups = Number(row.signups);
  const activations = Number(row.activations);
  const purchases = Number(row.purchases);
  const rate = (k: number) => ({ value: visits ? k / visits : 0, ...wilsonInterval(k, visits) });
  return {
    visits,
    signups,
    activations,
    first_purchases: purchases,
    rates: { signup: rate(signups), activation: rate(activations), first_purchase: rate(purchases) },
  };
}

/**
 * A first visit's assignment and lander page, written with every other visit of the same moment in one statement:
 * a new assignment (or the visitor's existing one) and, for a lander page, its visit. Both `ON CONFLICT DO
 * NOTHING`, so a repeated row is no error. `ins` holds the assignments this statement created; the others were
 * there before (the statement's snapshot), each looked up by the unique index (a join would let the planner scan
 * the whole table once it has grown).
 */
const RECORD_VISITS = `WITH input AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[])
      AS t(visitor, app, version, arm, site_id, page)),
  ins AS (
    INSERT INTO experiment_assignments (visitor, app, version, arm, site_id)
    SELECT DISTINCT ON (visitor, app, version) visitor, app, version, arm, site_id FROM input
    ON CONFLICT (visitor, app, version) DO NOTHING
    RETURNING id, visitor, app, version),
  ids AS (
    SELECT DISTINCT COALESCE(n.id, (SELECT e.id FROM experiment_assignments e
        WHERE e.visitor = i.visitor AND e.app = i.app AND e.version = i.version)) AS id, i.page
    FROM input i LEFT JOIN ins n ON n.visitor = i.visitor AND n.app = i.app AND n.version = i.version
    WHERE i.page IS NOT NULL)
  INSERT INTO experiment_visits (assignment_id, page)
  SELECT id, page FROM ids WHERE id IS NOT NULL
  ON CONFLICT DO NOTHING`;

/** The most visits one statement writes; more wait for the next. */
export const RECORD_BATCH_MAX = 500;

interface PendingVisit {
  visitor: string;
  assignment: Assignment;
  page: LanderPageKey | null;
  siteId: number;
  done: (error?: unknown) => void;
}

/**
 * Group commit of first visits (docs/adr/0030): a page still waits until its visit is stored, but the visits that
 * arrive together share one statement. The first waits only for the end of the current turn of the event loop;
 * while a statement runs, the next visits gather and go in the following one. A failed statement fails every page
 * that waited on it, as a single write would have.
 */
function createVisitWriter(raw: RawDb) {
  const queue: PendingVisit[] = [];
  let writing = false;

  async function drain() {
    while (queue.length) {
      const batch = queue.splice(0, RECORD_BATCH_MAX);
      try {
        await raw.query(RECORD_VISITS, [
          batch.map((v) => v.visitor),
          batch.map((v) => v.assignment.app),
          batch.map((v) => v.assignment.version),
          batch.map((v) => v.assignment.arm),
          batch.map((v) => v.siteId),
          batch.map((v) => v.page),
        ]);
        for (const v of batch) v.done();
      } catch (error) {
        for (const v of batch) v.done(error);
      }
    }
    writing = false;
  }

  return (visitor: string, assignment: Assignment, page: LanderPageKey | null, siteId: number) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ visitor, assignment, page, siteId, done: (e) => (e ? reject(e as Error) : resolve()) });
      if (!writing) {
        writing = true;
        setImmediate(() => void drain());
      }
    });
}

export function createExperimentsService(db: Db, deps: { registry: Registry; raw: RawDb }) {
  // What this node has already written (assignment + page): a returning visitor costs no query.
  const recorded = new TtlMap<string, true>(10 * 60_000, 50_000);
  const write = createVisitWriter(deps.raw);

  async function record(visitor: string, assignment: Assignment, page: LanderPageKey | null, siteId: number) {
    const key = `${visitor}|${assignment.app}|${assignment.version}|${page ?? ''}`;
    if (recorded.get(key)) return;
    await write(visitor, assignment, page, siteId);
    recorded.set(key, true);
  }

  return {
    /**
     * The remotes this visitor's page inlines (a canary's version for the visitors assigned to it) and the cookie
     * to set when the assignment is new; records new assignments and lander visits before the page is sent, so
     * the report never misses a visit whose signup it counts.
     */
    async visit({ cookie: raw, deployed, page, siteId, member }: PageVisit): Promise<{
      remotes: RegistryEntry[];
      cookie: string | null;
      /** The visitor's id (the cookie's), or null when the page needs none (no experiment, not a lander). */
      visitor: string | null;
    }> {
      const tracked = page && !member ? deployed.remotes.filter((r) => r.name === 'mf_landers') : [];
      if (deployed.canaries.length === 0 && tracked.length === 0)
        return {
          remotes: deployed.remotes,
          cookie: null,
          visitor: parseExperimentCookie(raw)?.visitor ?? null,
        };
      const parsed = parseExperimentCookie(raw) ?? { visitor: newVisitorId(), versions: {} };
      const { cookie, assignments } = assign({ cookie: parsed, canaries: deployed.canaries, tracked });
      if (!member) {
        for (const assignment of assignments) {
          const countsVisit = assignment.app === LANDERS_APP ? page : null;
          if (assignment.fresh || countsVisit) await record(cookie.visitor, assignment, countsVisit, siteId);
        }
      }
      const value = formatExperimentCookie(cookie);
      return {
        remotes: remotesFor(deployed.remotes, deployed.canaries, assignments),
        cookie: value === raw ? null : value,
        visitor: cookie.visitor,
      };
    },

    /** A visitor became a member: their assignments count this signup (and later activation and purchases). */
    async recordSignup(cookieValue: string | undefined, userId: number): Promise<void> {
      const cookie = parseExperimentCookie(cookieValue);
      if (!cookie) return;
      await db.execute(
        sql`UPDATE experiment_assignments SET user_id = ${userId} WHERE visitor = ${cookie.visitor} AND user_id IS NULL`,
      );
    },

    /** Whether the user may read experiment reports (the schema's `operator` role). */
    async isStaff(userId: number): Promise<boolean> {
      const [row] = await rows<{ role: string }>(db, sql`SELECT role FROM users WHERE id = ${userId}`);
      return row?.role === 'operator';
    },

    /**
     * Per version and per lander page: visits (visitors), signups, activations (confirmed accounts) and first
     * purchases (a `purchase` row in the credit ledger or the paid-user flag, whichever the payments work
     * writes), each as a rate per visit with its 95 % Wilson interval. Counted at report time from the accounts.
     */
    async report(app: string): Promise<ExperimentReport> {
      const outcome = sql`
        WITH a AS (SELECT id, version, user_id FROM experiment_assignments WHERE app = ${app}),
        o AS (
          SELECT a.id, a.version,
                 (u.id IS NOT NULL)::int AS signed_up,
                 (u.confirmed_at IS NOT NULL)::int AS activated,
                 (u.id IS NOT NULL AND (u.paid_user OR EXISTS (
                   SELECT 1 FROM credit_ledger l WHERE l.user_id = u.id AND l.kind = 'purchase')))::int AS purchased
          FROM a LEFT JOIN users u ON u.id = a.user_id
        ),
        first_page AS (
          SELECT DISTINCT ON (v.assignment_id) v.assignment_id, v.page
          FROM experiment_visits v JOIN a ON a.id = v.assignment_id
          ORDER BY v.assignment_id, v.created_at, v.page
        )`;
      const perVersion = await rows<CountRow>(
        db,
        sql`${outcome}
        SELECT version, NULL AS variant, count(*) AS visits, sum(signed_up) AS signups,
               sum(activated) AS activations, sum(purchased) AS purchases
        FROM o GROUP BY version ORDER BY min(o.id)`,
      );
      const perVariant = await rows<CountRow>(
        db,
        sql`${outcome},
        seen AS (SELECT a.version, v.page, count(DISTINCT v.assignment_id) AS visits
                 FROM experiment_visits v JOIN a ON a.id = v.assignment_id GROUP BY a.version, v.page),
        converted AS (SELECT o.version, f.page, sum(o.signed_up) AS signups, sum(o.activated) AS activations,
                             sum(o.purchased) AS purchases
                      FROM o JOIN first_page f ON f.assignment_id = o.id GROUP BY o.version, f.page)
        SELECT seen.version, seen.page AS variant, seen.visits,
               coalesce(converted.signups, 0) AS signups, coalesce(converted.activations, 0) AS activations,
               coalesce(converted.purchases, 0) AS purchases
        FROM seen LEFT JOIN converted ON converted.version = seen.version AND converted.page = seen.page
        ORDER BY seen.version, seen.page`,
      );
      const deployed = deps.registry.current();
      const stable = deployed.remotes.find((r) => r.name === app.replace(/-/g, '_'))?.version ?? null;
      const experiment = deployed.canaries.find((c) => c.app === app);
      return {
        app,
        stable,
        canary: experiment ? { version: experiment.canary.version, weight: experiment.weight } : null,
        versions: perVersion.map((row) => ({
          version: row.version,
          role:
            row.version === stable
              ? 'stable'
              : row.version === experiment?.canary.version
                ? 'canary'
                : 'retired',
          ...counts(row),
          variants: perVariant
            .filter((v) => v.version === row.version)
            .map((v) => ({ variant: v.variant!, ...counts(v) })),
        })),
      };
    },
  };
}
export type ExperimentsService = ReturnType<typeof createExperimentsService>;

import { sql } from 'drizzle-orm';
import type { StaffDashboard, StaffRole, StaffSiteDay } from '@dating/shared/contract/staff';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import type { ExperimentsService } from '../experiments';
import type { SitesService } from '../sites';
import type { SignInAlerts } from './sign-in-alerts';

/**
 * Today per site, in the site's own time zone: signups, activations, first purchases (a member's first completed
 * order), revenue per currency, the open queues; the lander experiments' report; for admins, the failed staff
 * sign-ins (docs/adr/0028-staff-door.md).
 */
export function createStaffDashboard(deps: {
  db: Db;
  sites: SitesService;
  experiments: ExperimentsService;
  alerts: SignInAlerts;
}) {
  const { db } = deps;
  return {
    async today(site: number | undefined, role: StaffRole): Promise<StaffDashboard> {
      const found = await rows<{
        id: number;
        name: string;
        host: string;
        day: string;
        signups: string | number;
        activations: string | number;
        first_purchases: string | number;
        replies: string | number;
        photos: string | number;
        reports: string | number;
        complaints: string | number;
      }>(
        db,
        sql`WITH s AS (
              SELECT id, name, host, time_zone,
                     date_trunc('day', now() AT TIME ZONE time_zone) AT TIME ZONE time_zone AS day_start,
                     to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS day
              FROM sites WHERE ${site ?? null}::int IS NULL OR id = ${site ?? null})
            SELECT s.id, s.name, s.host, s.day,
              (SELECT count(*) FROM users u WHERE u.site_id = s.id AND NOT u.fictional AND u.signup_date >= s.day_start) AS signups,
              (SELECT count(*) FROM users u WHERE u.site_id = s.id AND NOT u.fictional AND u.confirmed_at >= s.day_start) AS activations,
              (SELECT count(*) FROM orders o JOIN users u ON u.id = o.user_id
                 WHERE u.site_id = s.id AND o.status IN ('completed', 'refunded', 'charged_back')
                   AND o.completed_at >= s.day_start
                   AND NOT EXISTS (SELECT 1 FROM orders e WHERE e.user_id = o.user_id AND e.id <> o.id
                     AND e.completed_at IS NOT NULL AND e.completed_at < o.completed_at)) AS first_purchases,
              (SELECT count(*) FROM conversations c
                 JOIN users mu ON mu.id = CASE WHEN c.user_a = c.fictional_id THEN c.user_b ELSE c.user_a END
                 WHERE c.fictional_id IS NOT NULL AND c.last_sender_id IS DISTINCT FROM c.fictional_id
                   AND c.last_sender_id IS NOT NULL AND mu.site_id = s.id AND mu.status <> 'deleted') AS replies,
              (SELECT count(*) FROM photos ph JOIN users u ON u.id = ph.user_id
                 WHERE ph.status = 'inspection' AND u.site_id = s.id) AS photos,
              (SELECT count(*) FROM reports r WHERE r.site_id = s.id AND r.state <> 'done') AS reports,
              (SELECT count(*) FROM complaints c WHERE c.site_id = s.id AND c.state <> 'done') AS complaints
            FROM s ORDER BY s.id`,
      );
      const revenue = await rows<{ site_id: number; currency: string; amount: string | number }>(
        db,
        sql`SELECT u.site_id, o.currency, sum(o.amount) AS amount FROM orders o
            JOIN users u ON u.id = o.user_id JOIN sites s ON s.id = u.site_id
            WHERE o.status = 'completed'
              AND o.completed_at >= date_trunc('day', now() AT TIME ZONE s.time_zone) AT TIME ZONE s.time_zone
            GROUP BY u.site_id, o.currency ORDER BY o.currency`,
      );
      const sites: StaffSiteDay[] = found.map((r) => ({
        site: { id: r.id, name: r.name, host: r.host },
        date: r.day,
        signups: Number(r.signups),
        activations: Number(r.activations),
        first_purchases: Number(r.first_purchases),
        revenue: revenue
          .filter((x) => x.site_id === r.id)
          .map((x) => ({ amount: Number(x.amount), currency: x.currency })),
        open: {
          replies: Number(r.replies),
          photos: Number(r.photos),
          reports: Number(r.reports),
          complaints: Number(r.complaints),
        },
      }));
      return {
        sites,
        experiments: await deps.experiments.report('mf-landers'),
        sign_in_failures: role === 'admin' ? await deps.alerts.failures() : null,
      };
    },
  };
}
export type StaffDashboardService = ReturnType<typeof createStaffDashboard>;

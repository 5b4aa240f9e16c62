import type { StaffDashboard, StaffRole, StaffSiteDay } from '@dating/shared/contract/staff';
import type { Db } from '../../db/client';
import { membersJoined, moderationBacklog } from '../accounts';
import { waitingForFictional } from '../chat';
import type { ExperimentsService } from '../experiments';
import { openReports } from '../likes';
import { purchasesSince } from '../payments';
import { siteDays, type SitesService } from '../sites';
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
      // Each count is its owner's query (accounts, payments, chat, likes), per site from the start of its day.
      const sites: StaffSiteDay[] = await Promise.all(
        (await siteDays(db, site)).map(async (s) => {
          const [joined, purchases, replies, backlog, reports] = await Promise.all([
            membersJoined(db, s.id, s.day_start),
            purchasesSince(db, s.id, s.day_start),
            waitingForFictional(db, s.id),
            moderationBacklog(db, s.id),
            openReports(db, s.id),
          ]);
          return {
            site: { id: s.id, name: s.name, host: s.host },
            date: s.day,
            signups: joined.signups,
            activations: joined.activations,
            first_purchases: purchases.firstPurchases,
            revenue: purchases.revenue,
            open: { replies, photos: backlog.photos, reports, complaints: backlog.complaints },
          };
        }),
      );
      return {
        sites,
        experiments: await deps.experiments.report('mf-landers'),
        sign_in_failures: role === 'admin' ? await deps.alerts.failures() : null,
      };
    },
  };
}
export type StaffDashboardService = ReturnType<typeof createStaffDashboard>;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STAFF_ROUTES, type StaffRouteName } from '@dating/shared/contract/staff';
import { registeredStaffRoutes } from './access';
import { staffAccountRoutes } from './accounts';
import { staffAuditRoutes } from './audit';
import { staffAuthRoutes } from './auth';
import { staffDashboardRoutes } from './dashboard';
import { staffMemberRoutes } from './members';
import { staffModerationRoutes } from './moderation';
import { staffPaymentRoutes } from './payments';
import { staffQueueRoutes } from './queue';
import { staffSiteRoutes } from './sites';

/**
 * Every route of `STAFF_ROUTES` (shared/src/contract/values/staff.ts), one file per area, each route with the
 * schemas of its request and answer (shared/src/contract/staff.ts) and behind the access check of its entry
 * (`./access.ts`). A route of the contract without a handler stops the server at start.
 */
export const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffAuthRoutes(app);
  staffDashboardRoutes(app);
  staffQueueRoutes(app);
  staffModerationRoutes(app);
  staffMemberRoutes(app);
  staffPaymentRoutes(app);
  staffSiteRoutes(app);
  staffAccountRoutes(app);
  staffAuditRoutes(app);

  const registered = registeredStaffRoutes(app);
  const missing = (Object.keys(STAFF_ROUTES) as StaffRouteName[]).filter((name) => !registered.has(name));
  if (missing.length) throw new Error(`Staff routes without a handler: ${missing.join(', ')}`);

  // Purge ended staff sessions with the members' hourly purge cadence.
  app.ops.jobs.every('staff session purge', 3_600_000, () => app.services.staff.auth.purgeExpired());
};

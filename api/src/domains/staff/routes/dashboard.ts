import {
  StaffDashboardSchema,
  StaffExperimentsQuerySchema,
  StaffExperimentsResponseSchema,
  StaffRolloutsSchema,
  StaffSiteQuerySchema,
} from '@dating/shared/contract/staff';
import { errors } from '../../../lib/contract';
import { rolloutsReport } from '../../experiments';
import { sessionOf, staffRoute, type StaffApp } from './access';

/** Today's numbers per site, the lander experiments and the canary rollouts. */
export function staffDashboardRoutes(app: StaffApp) {
  const { staff } = app.services;

  app.route({
    ...staffRoute(app, 'dashboard'),
    schema: {
      tags: ['staff'],
      querystring: StaffSiteQuerySchema,
      response: { 200: StaffDashboardSchema, ...errors(400, 403) },
    },
    handler: (request) => staff.dashboard.today(request.query.site, sessionOf(request).role),
  });

  app.route({
    ...staffRoute(app, 'experiments'),
    schema: {
      tags: ['staff'],
      querystring: StaffExperimentsQuerySchema,
      response: { 200: StaffExperimentsResponseSchema, ...errors(400, 403) },
    },
    handler: (request) => app.services.experiments.report(request.query.app),
  });

  app.route({
    ...staffRoute(app, 'rollouts'),
    schema: { tags: ['staff'], response: { 200: StaffRolloutsSchema, ...errors(403) } },
    handler: async () => ({
      rollouts: await rolloutsReport({
        guard: app.services.guard,
        telemetry: app.services.telemetry,
        readFile: (name, version, file) => app.services.registry.readFile(name, version, file),
      }),
    }),
  });
}

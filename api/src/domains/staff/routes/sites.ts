import {
  StaffIdParamsSchema,
  StaffSiteSchema,
  StaffSitesResponseSchema,
  StaffSiteUpdateSchema,
} from '@dating/shared/contract/staff';
import { errors } from '../../../lib/contract';
import { actorOf, staffRoute, type StaffApp } from './access';

/** Sites and their settings (admins). */
export function staffSiteRoutes(app: StaffApp) {
  const { staff } = app.services;

  app.route({
    ...staffRoute(app, 'sites'),
    schema: { tags: ['staff'], response: { 200: StaffSitesResponseSchema, ...errors(403) } },
    handler: () => staff.sites.list(),
  });

  app.route({
    ...staffRoute(app, 'site'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffSiteSchema, ...errors(400, 403, 404) },
    },
    handler: (request) => staff.sites.get(request.params.id),
  });

  app.route({
    ...staffRoute(app, 'siteUpdate'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      body: StaffSiteUpdateSchema,
      response: { 200: StaffSiteSchema, ...errors(400, 403, 404, 409) },
    },
    handler: (request) => staff.sites.update(request.params.id, request.body, actorOf(request)),
  });
}

import {
  StaffCaseQuerySchema,
  StaffCaseUpdateSchema,
  StaffComplaintSchema,
  StaffComplaintsResponseSchema,
  StaffIdParamsSchema,
  StaffOkSchema,
  StaffPhotoFileQuerySchema,
  StaffPhotosResponseSchema,
  StaffReasonRequestSchema,
  StaffReportSchema,
  StaffReportsResponseSchema,
  StaffSiteQuerySchema,
} from '@dating/shared/contract/staff';
import { Type } from 'typebox';
import { errors } from '../../../lib/contract';
import { ApiError } from '../../../lib/errors';
import { PRIVATE, sendStoredObject } from '../../../lib/storage/http';
import { actorOf, staffRoute, type StaffApp } from './access';

/** Moderation: photos under inspection, members' reports and complaints sent to support. */
export function staffModerationRoutes(app: StaffApp) {
  const { staff, storage, photos } = app.services;

  app.route({
    ...staffRoute(app, 'photos'),
    schema: {
      tags: ['staff'],
      querystring: StaffSiteQuerySchema,
      response: { 200: StaffPhotosResponseSchema, ...errors(400, 403) },
    },
    handler: async (request) => ({ photos: await staff.moderation.pendingPhotos(request.query.site) }),
  });

  app.route({
    ...staffRoute(app, 'photoFile'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      querystring: StaffPhotoFileQuerySchema,
      response: { 200: Type.Unsafe<Buffer>({ description: 'the JPEG' }), ...errors(400, 403, 404) },
    },
    async handler(request, reply) {
      const thumb = request.query.size === 'thumb';
      const found = await photos.privateKeyFor({ staff: true }, request.params.id, thumb);
      if (!found) throw new ApiError(404, 'not_found');
      return sendStoredObject(request, reply, storage, found.key, {
        cacheControl: PRIVATE,
        notFound: () => {
          throw new ApiError(404, 'not_found');
        },
      });
    },
  });

  app.route({
    ...staffRoute(app, 'photoApprove'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      response: { 200: StaffOkSchema, ...errors(400, 403, 404) },
    },
    async handler(request) {
      await staff.moderation.approve(request.params.id, actorOf(request));
      return { ok: true as const };
    },
  });

  app.route({
    ...staffRoute(app, 'photoReject'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      body: StaffReasonRequestSchema,
      response: { 200: StaffOkSchema, ...errors(400, 403, 404) },
    },
    async handler(request) {
      await staff.moderation.reject(request.params.id, request.body.reason, actorOf(request));
      return { ok: true as const };
    },
  });

  app.route({
    ...staffRoute(app, 'reports'),
    schema: {
      tags: ['staff'],
      querystring: StaffCaseQuerySchema,
      response: { 200: StaffReportsResponseSchema, ...errors(400, 403) },
    },
    handler: (request) => staff.moderation.reports(request.query),
  });

  app.route({
    ...staffRoute(app, 'reportUpdate'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      body: StaffCaseUpdateSchema,
      response: { 200: StaffReportSchema, ...errors(400, 403, 404) },
    },
    async handler(request) {
      const { after } = await staff.moderation.updateCase(
        'report',
        request.params.id,
        request.body,
        actorOf(request),
      );
      return after;
    },
  });

  app.route({
    ...staffRoute(app, 'complaints'),
    schema: {
      tags: ['staff'],
      querystring: StaffCaseQuerySchema,
      response: { 200: StaffComplaintsResponseSchema, ...errors(400, 403) },
    },
    handler: (request) => staff.moderation.complaints(request.query),
  });

  app.route({
    ...staffRoute(app, 'complaintUpdate'),
    schema: {
      tags: ['staff'],
      params: StaffIdParamsSchema,
      body: StaffCaseUpdateSchema,
      response: { 200: StaffComplaintSchema, ...errors(400, 403, 404) },
    },
    async handler(request) {
      const { after } = await staff.moderation.updateCase(
        'complaint',
        request.params.id,
        request.body,
        actorOf(request),
      );
      return after;
    },
  });
}

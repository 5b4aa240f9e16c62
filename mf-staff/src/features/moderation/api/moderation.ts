import type {
  StaffCaseQuery,
  StaffCaseUpdate,
  StaffComplaint,
  StaffComplaintsResponse,
  StaffOk,
  StaffPhotosResponse,
  StaffReasonRequest,
  StaffReport,
  StaffReportsResponse,
} from '@dating/shared/contract/staff';
import { staffApi, url, params, type Params } from '../../../api/staff-api';

/** Moderation: photos under inspection, reports and complaints with their states. */
export const moderationApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    photos: build.query<StaffPhotosResponse, { site?: number } | void>({
      query: (query) => ({ url: url('photos'), params: params(query) }),
      providesTags: ['StaffPhotos'],
    }),

    photoApprove: build.mutation<StaffOk, number>({
      query: (id) => ({ url: url('photoApprove', id), method: 'POST' }),
      invalidatesTags: ['StaffPhotos', 'StaffDashboard'],
    }),

    photoReject: build.mutation<StaffOk, { id: number } & StaffReasonRequest>({
      query: ({ id, reason }) => ({ url: url('photoReject', id), method: 'POST', body: { reason } }),
      invalidatesTags: ['StaffPhotos', 'StaffDashboard'],
    }),

    reports: build.query<StaffReportsResponse, StaffCaseQuery>({
      query: (query) => ({ url: url('reports'), params: params(query as Params) }),
      providesTags: ['StaffCases'],
    }),

    reportUpdate: build.mutation<StaffReport, { id: number } & StaffCaseUpdate>({
      query: ({ id, ...body }) => ({ url: url('reportUpdate', id), method: 'POST', body }),
      invalidatesTags: ['StaffCases', 'StaffDashboard'],
    }),

    complaints: build.query<StaffComplaintsResponse, StaffCaseQuery>({
      query: (query) => ({ url: url('complaints'), params: params(query as Params) }),
      providesTags: ['StaffCases'],
    }),

    complaintUpdate: build.mutation<StaffComplaint, { id: number } & StaffCaseUpdate>({
      query: ({ id, ...body }) => ({ url: url('complaintUpdate', id), method: 'POST', body }),
      invalidatesTags: ['StaffCases', 'StaffDashboard'],
    }),
  }),
});

export const {
  usePhotosQuery,
  usePhotoApproveMutation,
  usePhotoRejectMutation,
  useReportsQuery,
  useReportUpdateMutation,
  useComplaintsQuery,
  useComplaintUpdateMutation,
} = moderationApi;

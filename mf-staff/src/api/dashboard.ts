import type { ExperimentReport } from '@dating/shared';
import type { StaffDashboard } from '@dating/shared/contract/staff';
import { staffApi, url, params } from './staff-api';

/**
 * Today per site and the lander experiments. Shared by the dashboard page and every list's site filter
 * (`components/site-filter.tsx` takes its sites from this call, which operators may make too).
 */
export const dashboardApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<StaffDashboard, { site?: number } | void>({
      query: (query) => ({ url: url('dashboard'), params: params(query) }),
      providesTags: ['StaffDashboard'],
    }),

    experiments: build.query<ExperimentReport, string>({
      query: (app) => ({ url: url('experiments'), params: { app } }),
    }),
  }),
});

export const { useDashboardQuery, useExperimentsQuery } = dashboardApi;

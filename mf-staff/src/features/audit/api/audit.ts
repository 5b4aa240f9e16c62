import type { StaffAuditQuery, StaffAuditResponse } from '@dating/shared/contract/staff';
import { staffApi, url, params, type Params } from '../../../api/staff-api';

/** The audit log, read-only. */
export const auditApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    audit: build.query<StaffAuditResponse, StaffAuditQuery>({
      query: (query) => ({ url: url('audit'), params: params(query as Params) }),
      providesTags: ['StaffAudit'],
    }),
  }),
});

export const { useAuditQuery } = auditApi;

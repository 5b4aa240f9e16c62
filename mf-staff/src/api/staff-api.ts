import { api, type ExperimentReport } from '@dating/shared';
import { staffPath } from '@dating/shared/contract/values/staff';
import type {
  StaffAccount,
  StaffAccountCreate,
  StaffAccountsResponse,
  StaffAuditQuery,
  StaffAuditResponse,
  StaffCaseQuery,
  StaffCaseUpdate,
  StaffClaimRequest,
  StaffClaimResponse,
  StaffComplaint,
  StaffComplaintsResponse,
  StaffConversation,
  StaffDashboard,
  StaffGrantRequest,
  StaffGrantResponse,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffMe,
  StaffMemberAccount,
  StaffMemberDetail,
  StaffMemberQuery,
  StaffMembersResponse,
  StaffOk,
  StaffPhotosResponse,
  StaffQueueQuery,
  StaffQueueResponse,
  StaffReasonRequest,
  StaffRefundResponse,
  StaffReleaseRequest,
  StaffReplyRequest,
  StaffReplyResponse,
  StaffReport,
  StaffReportsResponse,
  StaffRollouts,
  StaffRouteName,
  StaffSite,
  StaffSitesResponse,
  StaffSiteUpdate,
  StaffTotpRequest,
} from '@dating/shared/contract/staff';

/** The contract's absolute path as the shared base query wants it (relative to `/api/`). */
export function url(name: StaffRouteName, id?: number): string {
  return staffPath(name, id).replace(/^\/api\//, '');
}

type Params = Record<string, string | number | undefined>;

/** Drops empty filters, so `?site=` never reaches the server as an empty string. */
function params(query: Params | void): Record<string, string | number> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return entries.length ? (Object.fromEntries(entries) as Record<string, string | number>) : undefined;
}

const TAGS = [
  'StaffMe',
  'StaffQueue',
  'StaffConversation',
  'StaffPhotos',
  'StaffCases',
  'StaffMembers',
  'StaffSites',
  'StaffAccounts',
  'StaffAudit',
  'StaffDashboard',
  'StaffRollouts',
] as const;

/**
 * Every call of the staff contract (`shared/src/contract/staff.ts`), injected into the one api of `shared`. They
 * live in this remote, so no member's bundle carries them. Writes are not retried (the reply carries its own
 * idempotency key and is marked idempotent).
 */
export const staffApi = api.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    staffMe: build.query<StaffMe, void>({ query: () => url('me'), providesTags: ['StaffMe'] }),
    staffLogin: build.mutation<StaffLoginResponse, StaffLoginRequest>({
      query: (body) => ({ url: url('login'), method: 'POST', body }),
    }),
    staffTotp: build.mutation<StaffMe, StaffTotpRequest>({
      query: (body) => ({ url: url('totp'), method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(staffApi.util.upsertQueryData('staffMe', undefined, data));
      },
    }),
    staffLogout: build.mutation<StaffOk, void>({
      query: () => ({ url: url('logout'), method: 'POST' }),
      extraOptions: { idempotent: true },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        // Nothing of the last staff member stays in the cache.
        dispatch(staffApi.util.invalidateTags([...TAGS]));
      },
    }),

    dashboard: build.query<StaffDashboard, { site?: number } | void>({
      query: (query) => ({ url: url('dashboard'), params: params(query) }),
      providesTags: ['StaffDashboard'],
    }),
    experiments: build.query<ExperimentReport, string>({
      query: (app) => ({ url: url('experiments'), params: { app } }),
    }),
    rollouts: build.query<StaffRollouts, void>({
      query: () => url('rollouts'),
      providesTags: ['StaffRollouts'],
    }),

    queue: build.query<StaffQueueResponse, StaffQueueQuery | void>({
      query: (query) => ({ url: url('queue'), params: params(query as Params) }),
      providesTags: ['StaffQueue'],
    }),
    claim: build.mutation<StaffClaimResponse, StaffClaimRequest>({
      query: (body) => ({ url: url('claim'), method: 'POST', body }),
      invalidatesTags: ['StaffQueue', 'StaffConversation'],
    }),
    release: build.mutation<StaffOk, StaffReleaseRequest>({
      query: (body) => ({ url: url('release'), method: 'POST', body }),
      extraOptions: { idempotent: true },
      invalidatesTags: ['StaffQueue', 'StaffConversation'],
    }),
    conversation: build.query<StaffConversation, number>({
      query: (id) => url('conversation', id),
      providesTags: (_result, _error, id) => [{ type: 'StaffConversation', id }],
    }),
    reply: build.mutation<StaffReplyResponse, { id: number; body: StaffReplyRequest }>({
      query: ({ id, body }) => ({ url: url('reply', id), method: 'POST', body }),
      // The same client_id twice sends one message, so a retry is safe.
      extraOptions: { idempotent: true },
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'StaffConversation', id },
        'StaffQueue',
        'StaffDashboard',
      ],
    }),

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

    members: build.query<StaffMembersResponse, StaffMemberQuery>({
      query: (query) => ({ url: url('members'), params: params(query as unknown as Params) }),
      providesTags: ['StaffMembers'],
    }),
    member: build.query<StaffMemberDetail, number>({
      query: (id) => url('member', id),
      providesTags: (_result, _error, id) => [{ type: 'StaffMembers', id }],
    }),
    memberBan: build.mutation<StaffMemberAccount, { id: number } & StaffReasonRequest>({
      query: ({ id, reason }) => ({ url: url('memberBan', id), method: 'POST', body: { reason } }),
      invalidatesTags: ['StaffMembers'],
    }),
    memberUnban: build.mutation<StaffMemberAccount, number>({
      query: (id) => ({ url: url('memberUnban', id), method: 'POST' }),
      invalidatesTags: ['StaffMembers'],
    }),
    memberCredits: build.mutation<StaffGrantResponse, { id: number } & StaffGrantRequest>({
      query: ({ id, ...body }) => ({ url: url('memberCredits', id), method: 'POST', body }),
      invalidatesTags: ['StaffMembers'],
    }),
    memberActivation: build.mutation<StaffOk, number>({
      query: (id) => ({ url: url('memberActivation', id), method: 'POST' }),
    }),
    memberDelete: build.mutation<StaffOk, number>({
      query: (id) => ({ url: url('memberDelete', id), method: 'DELETE' }),
      invalidatesTags: ['StaffMembers'],
    }),
    refund: build.mutation<StaffRefundResponse, { id: number } & StaffReasonRequest>({
      query: ({ id, reason }) => ({ url: url('refund', id), method: 'POST', body: { reason } }),
      invalidatesTags: ['StaffMembers', 'StaffDashboard'],
    }),

    sites: build.query<StaffSitesResponse, void>({ query: () => url('sites'), providesTags: ['StaffSites'] }),
    site: build.query<StaffSite, number>({
      query: (id) => url('site', id),
      providesTags: (_result, _error, id) => [{ type: 'StaffSites', id }],
    }),
    siteUpdate: build.mutation<StaffSite, { id: number } & StaffSiteUpdate>({
      query: ({ id, ...body }) => ({ url: url('siteUpdate', id), method: 'PUT', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(staffApi.util.upsertQueryData('site', id, data));
      },
      invalidatesTags: (result) => (result ? ['StaffSites', 'StaffAudit'] : []),
    }),

    accounts: build.query<StaffAccountsResponse, void>({
      query: () => url('accounts'),
      providesTags: ['StaffAccounts'],
    }),
    accountCreate: build.mutation<StaffAccount, StaffAccountCreate>({
      query: (body) => ({ url: url('accountCreate'), method: 'POST', body }),
      invalidatesTags: ['StaffAccounts'],
    }),
    accountDisable: build.mutation<StaffAccount, number>({
      query: (id) => ({ url: url('accountDisable', id), method: 'POST' }),
      invalidatesTags: ['StaffAccounts'],
    }),
    accountReset2fa: build.mutation<StaffAccount, number>({
      query: (id) => ({ url: url('accountReset2fa', id), method: 'POST' }),
      invalidatesTags: ['StaffAccounts'],
    }),

    audit: build.query<StaffAuditResponse, StaffAuditQuery>({
      query: (query) => ({ url: url('audit'), params: params(query as Params) }),
      providesTags: ['StaffAudit'],
    }),
  }),
});

export const {
  useStaffMeQuery,
  useStaffLoginMutation,
  useStaffTotpMutation,
  useStaffLogoutMutation,
  useDashboardQuery,
  useExperimentsQuery,
  useRolloutsQuery,
  useQueueQuery,
  useClaimMutation,
  useReleaseMutation,
  useConversationQuery,
  useReplyMutation,
  usePhotosQuery,
  usePhotoApproveMutation,
  usePhotoRejectMutation,
  useReportsQuery,
  useReportUpdateMutation,
  useComplaintsQuery,
  useComplaintUpdateMutation,
  useMembersQuery,
  useMemberQuery,
  useMemberBanMutation,
  useMemberUnbanMutation,
  useMemberCreditsMutation,
  useMemberActivationMutation,
  useMemberDeleteMutation,
  useRefundMutation,
  useSitesQuery,
  useSiteQuery,
  useSiteUpdateMutation,
  useAccountsQuery,
  useAccountCreateMutation,
  useAccountDisableMutation,
  useAccountReset2faMutation,
  useAuditQuery,
} = staffApi;

import type {
  StaffGrantRequest,
  StaffGrantResponse,
  StaffMemberAccount,
  StaffMemberDetail,
  StaffMemberQuery,
  StaffMembersResponse,
  StaffOk,
  StaffReasonRequest,
  StaffRefundResponse,
} from '@dating/shared/contract/staff';
import { staffApi, url, params, type Params } from '../../../api/staff-api';

/** Members (admins): search, one member's account, ledger and payments, and what staff do to them. */
export const membersApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const {
  useMembersQuery,
  useMemberQuery,
  useMemberBanMutation,
  useMemberUnbanMutation,
  useMemberCreditsMutation,
  useMemberActivationMutation,
  useMemberDeleteMutation,
  useRefundMutation,
} = membersApi;

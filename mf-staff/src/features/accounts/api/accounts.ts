import type { StaffAccount, StaffAccountCreate, StaffAccountsResponse } from '@dating/shared/contract/staff';
import { staffApi, url } from '../../../api/staff-api';

/** Staff accounts (admins): create, disable, reset the second factor. */
export const accountsApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const {
  useAccountsQuery,
  useAccountCreateMutation,
  useAccountDisableMutation,
  useAccountReset2faMutation,
} = accountsApi;

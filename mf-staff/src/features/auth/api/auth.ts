import type {
  StaffLoginRequest,
  StaffLoginResponse,
  StaffMe,
  StaffTotpRequest,
} from '@dating/shared/contract/staff';
import { sessionApi } from '../../../api/session';
import { url } from '../../../api/staff-api';

/** Sign-in: the password gives a pending session, the TOTP code a full one (written into `staffMe`). */
export const authApi = sessionApi.injectEndpoints({
  endpoints: (build) => ({
    staffLogin: build.mutation<StaffLoginResponse, StaffLoginRequest>({
      query: (body) => ({ url: url('login'), method: 'POST', body }),
    }),

    staffTotp: build.mutation<StaffMe, StaffTotpRequest>({
      query: (body) => ({ url: url('totp'), method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(sessionApi.util.upsertQueryData('staffMe', undefined, data));
      },
    }),
  }),
});

export const { useStaffLoginMutation, useStaffTotpMutation } = authApi;

import {
  ACCOUNT_PATHS,
  api,
  type AccountDeleteInfo,
  type AccountDeleteRequest,
  type AccountDeleteResponse,
  type TokenRequest,
  type UserAnswer,
} from '@dating/shared';
import { startSession } from '../../../lib/session';

export const deletionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountDeleteInfo: build.query<AccountDeleteInfo, void>({
      query: () => ACCOUNT_PATHS.accountDelete,
    }),
    accountDelete: build.mutation<AccountDeleteResponse, AccountDeleteRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.accountDelete, method: 'POST', body }),
    }),
    accountReactivate: build.mutation<UserAnswer, TokenRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.accountReactivate, method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) startSession(dispatch, data.user);
      },
    }),
  }),
});

export const { useGetAccountDeleteInfoQuery, useAccountDeleteMutation, useAccountReactivateMutation } =
  deletionApi;

/** Plain link: the browser downloads the JSON itself (Content-Disposition: attachment). */
export const ACCOUNT_EXPORT_URL = `/api/${ACCOUNT_PATHS.accountExport}`;

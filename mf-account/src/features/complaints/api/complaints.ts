import { ACCOUNT_PATHS, api, type ComplaintRequest, type ComplaintResponse } from '@dating/shared';

export const complaintsApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountSubmitComplaint: build.mutation<ComplaintResponse, ComplaintRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.complaints, method: 'POST', body }),
    }),
  }),
});

export const { useAccountSubmitComplaintMutation } = complaintsApi;

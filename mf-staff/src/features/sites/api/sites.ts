import type { StaffSite, StaffSiteUpdate, StaffSitesResponse } from '@dating/shared/contract/staff';
import { staffApi, url } from '../../../api/staff-api';

/** The sites and their settings; a save writes its answer into the site's cache entry. */
export const sitesApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    sites: build.query<StaffSitesResponse, void>({ query: () => url('sites'), providesTags: ['StaffSites'] }),

    site: build.query<StaffSite, number>({
      query: (id) => url('site', id),
      providesTags: (_result, _error, id) => [{ type: 'StaffSites', id }],
    }),

    siteUpdate: build.mutation<StaffSite, { id: number } & StaffSiteUpdate>({
      query: ({ id, ...body }) => ({ url: url('siteUpdate', id), method: 'PUT', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(sitesApi.util.upsertQueryData('site', id, data));
      },
      invalidatesTags: (result) => (result ? ['StaffSites', 'StaffAudit'] : []),
    }),
  }),
});

export const { useSitesQuery, useSiteQuery, useSiteUpdateMutation } = sitesApi;

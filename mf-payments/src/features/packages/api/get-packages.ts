import { api, type PackagesResponse } from '@dating/shared';

/** `GET /api/packages.php`: the credit packages of the site, in the visitor's currency. */
export const packagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPackages: build.query<PackagesResponse, void>({
      query: () => 'packages.php',
      providesTags: ['Packages'],
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetPackagesQuery } = packagesApi;

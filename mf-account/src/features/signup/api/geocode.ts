import { api, type GeocodeQuery, type GeocodeResponse } from '@dating/shared';

export const geocodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountGeocode: build.query<GeocodeResponse, GeocodeQuery>({
      query: ({ lat, lon }) => ({ url: 'geocode.php', params: { lat: lat.toFixed(4), lon: lon.toFixed(4) } }),
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useLazyAccountGeocodeQuery } = geocodeApi;

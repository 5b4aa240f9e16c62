import {
  ACCOUNT_PATHS,
  PHOTO_FIELD,
  api,
  type PhotoDeleteRequest,
  type PhotoMainRequest,
  type PhotosResponse,
} from '@dating/shared';

/** Every photos call answers the whole list: write it into the list cache and refresh the user's main image. */
async function replaceList(
  queryFulfilled: Promise<{ data: PhotosResponse }>,
  dispatch: (action: unknown) => unknown,
): Promise<void> {
  const result = await queryFulfilled.catch(() => null);
  if (!result) return;
  dispatch(photosApi.util.upsertQueryData('getAccountPhotos', undefined, result.data));
  dispatch(api.util.invalidateTags(['User']));
}

export const photosApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountPhotos: build.query<PhotosResponse, void>({
      query: () => ACCOUNT_PATHS.photos,
      providesTags: ['Photos'],
    }),
    uploadAccountPhoto: build.mutation<PhotosResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append(PHOTO_FIELD, file);
        return { url: ACCOUNT_PATHS.photos, method: 'POST', body };
      },
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => replaceList(queryFulfilled, dispatch),
    }),
    setAccountMainPhoto: build.mutation<PhotosResponse, number>({
      query: (id) => ({
        url: ACCOUNT_PATHS.photos,
        method: 'PUT',
        body: { id, main: true } satisfies PhotoMainRequest,
      }),
      extraOptions: { idempotent: true },
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => replaceList(queryFulfilled, dispatch),
    }),
    deleteAccountPhoto: build.mutation<PhotosResponse, number>({
      query: (id) => ({
        url: ACCOUNT_PATHS.photos,
        method: 'DELETE',
        body: { id } satisfies PhotoDeleteRequest,
      }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => replaceList(queryFulfilled, dispatch),
    }),
  }),
});

export const {
  useGetAccountPhotosQuery,
  useUploadAccountPhotoMutation,
  useSetAccountMainPhotoMutation,
  useDeleteAccountPhotoMutation,
} = photosApi;

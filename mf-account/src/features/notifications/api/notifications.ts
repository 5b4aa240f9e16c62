import {
  ACCOUNT_PATHS,
  api,
  type NotificationsResponse,
  type NotificationsUpdateRequest,
} from '@dating/shared';

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountNotifications: build.query<NotificationsResponse, void>({
      query: () => ACCOUNT_PATHS.notifications,
      providesTags: ['Notifications'],
    }),
    updateAccountNotifications: build.mutation<NotificationsResponse, NotificationsUpdateRequest>({
      query: (body) => ({ url: ACCOUNT_PATHS.notifications, method: 'PUT', body }),
      extraOptions: { idempotent: true },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (!result) return;
        dispatch(notificationsApi.util.upsertQueryData('getAccountNotifications', undefined, result.data));
        // The shell's disabled-notifications banner reads user.notifications_disabled.
        dispatch(api.util.invalidateTags(['User']));
      },
    }),
  }),
});

export const { useGetAccountNotificationsQuery, useUpdateAccountNotificationsMutation } = notificationsApi;

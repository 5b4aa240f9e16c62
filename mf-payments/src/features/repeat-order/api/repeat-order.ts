import { api, type RepeatOrderInfo, type RepeatOrderResponse } from '@dating/shared';

/** `GET /api/repeat-order.php` (what one click buys again) and `POST` (buy it on the stored mandate). */
export const repeatOrderApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentsGetRepeatOrder: build.query<RepeatOrderInfo, void>({
      query: () => 'repeat-order.php',
      providesTags: [{ type: 'Transactions', id: 'REPEAT' }],
    }),
    paymentsRepeatOrder: build.mutation<RepeatOrderResponse, void>({
      query: () => ({ url: 'repeat-order.php', method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'Transactions', id: 'LIST' }],
    }),
  }),
});

export const { usePaymentsGetRepeatOrderQuery, usePaymentsRepeatOrderMutation } = repeatOrderApi;

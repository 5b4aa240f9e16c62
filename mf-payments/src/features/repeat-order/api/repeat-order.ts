import {
  api,
  type IdempotencyHeaders,
  type OrderResponse,
  type RepeatOrderInfo,
  type RepeatOrderRequest,
} from '@dating/shared';

/** `GET /api/repeat-order.php` (what one click buys again) and `POST` (buy it on the stored mandate). */
export const repeatOrderApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentsGetRepeatOrder: build.query<RepeatOrderInfo, void>({
      query: () => 'repeat-order.php',
      providesTags: [{ type: 'Transactions', id: 'REPEAT' }],
    }),
    // One Idempotency-Key per purchase: a retry (here on a transient error, or the member's next click after an
    // unknown outcome) answers the same order and never charges twice.
    paymentsRepeatOrder: build.mutation<OrderResponse, { key: string }>({
      query: ({ key }) => ({
        url: 'repeat-order.php',
        method: 'POST',
        body: {} satisfies RepeatOrderRequest,
        headers: { 'idempotency-key': key } satisfies IdempotencyHeaders,
      }),
      extraOptions: { idempotent: true },
      invalidatesTags: [{ type: 'Transactions', id: 'LIST' }],
    }),
  }),
});

export const { usePaymentsGetRepeatOrderQuery, usePaymentsRepeatOrderMutation } = repeatOrderApi;

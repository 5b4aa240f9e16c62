import { api, type OrderResponse } from '@dating/shared';

/** `GET /api/order.php?id=`: one order of the member; the return page polls it until its status is final. */
export const getOrderApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentsGetOrder: build.query<OrderResponse, number>({
      query: (id) => ({ url: 'order.php', params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Transactions', id }],
    }),
  }),
});

export const { usePaymentsGetOrderQuery } = getOrderApi;

import { api, type OrdersResponse } from '@dating/shared';

/** `GET /api/orders.php`: every order of the member, newest first (`/transactions`). */
export const getOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentsGetOrders: build.query<OrdersResponse, void>({
      query: () => 'orders.php',
      providesTags: (result) => [
        { type: 'Transactions', id: 'LIST' },
        ...(result?.orders ?? []).map((order) => ({ type: 'Transactions' as const, id: order.id })),
      ],
    }),
  }),
});

export const { usePaymentsGetOrdersQuery } = getOrdersApi;

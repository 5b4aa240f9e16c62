import { api, type CreateOrderRequest, type CreateOrderResponse } from '@dating/shared';

/** `POST /api/order.php`: the server prices the package and answers the provider's checkout URL. */
export const createOrderApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentsCreateOrder: build.mutation<CreateOrderResponse, CreateOrderRequest>({
      query: (body) => ({ url: 'order.php', method: 'POST', body }),
      invalidatesTags: [{ type: 'Transactions', id: 'LIST' }],
    }),
  }),
});

export const { usePaymentsCreateOrderMutation } = createOrderApi;

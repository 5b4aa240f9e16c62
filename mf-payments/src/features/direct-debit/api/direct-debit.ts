import {
  api,
  type DirectDebitCodeRequest,
  type DirectDebitCodeResponse,
  type DirectDebitRequest,
  type IdempotencyHeaders,
  type OrderResponse,
} from '@dating/shared';

/** `POST /api/directdebit-code.php` (the SMS code) and `POST /api/directdebit.php` (the mandate and the order). */
export const directDebitApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentsSendDirectDebitCode: build.mutation<DirectDebitCodeResponse, DirectDebitCodeRequest>({
      query: (body) => ({ url: 'directdebit-code.php', method: 'POST', body }),
    }),
    paymentsDirectDebit: build.mutation<OrderResponse, DirectDebitRequest & { key: string }>({
      query: ({ key, ...body }) => ({
        url: 'directdebit.php',
        method: 'POST',
        body,
        headers: { 'idempotency-key': key } satisfies IdempotencyHeaders,
      }),
      extraOptions: { idempotent: true },
      invalidatesTags: [{ type: 'Transactions', id: 'LIST' }],
    }),
  }),
});

export const { usePaymentsSendDirectDebitCodeMutation, usePaymentsDirectDebitMutation } = directDebitApi;

import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { api, FINAL_ORDER_STATUSES } from '@dating/shared';
import { usePaymentsGetOrderQuery } from '../api/get-order';

/** While a payment is open the return page asks again every 2 s; the webhook or reconciliation settles it. */
export const ORDER_POLL_MS = 2_000;

/**
 * One order, polled until its status is final (docs/product/credits-and-payments.md: loading, pending, then completed, failed or cancelled).
 * When it completes, the user (credits, paid_user) is reloaded so the nav badge and premium features follow.
 */
export function useOrderUntilFinal(id: number) {
  const dispatch = useDispatch();
  const query = usePaymentsGetOrderQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  const status = query.data?.order.status;
  const final = status !== undefined && FINAL_ORDER_STATUSES.includes(status);
  const { refetch } = query;

  useEffect(() => {
    if (!status || final) return undefined;
    const timer = setInterval(() => void refetch(), ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [status, final, refetch]);

  useEffect(() => {
    if (status === 'completed')
      dispatch(api.util.invalidateTags(['User', { type: 'Transactions', id: 'LIST' }]));
  }, [status, dispatch]);

  return query;
}

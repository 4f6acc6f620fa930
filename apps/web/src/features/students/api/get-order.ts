import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsContract, type OrderDetail } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Under the students' keys, so whatever refreshes a student refreshes the orders opened on their page. */
export const orderKey = (orderId: string) => [...queryKeys.students, 'order', orderId] as const;

/** GET /payments/order/{orderId}: one order with its amounts, payments, credit notes and timeline. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiCall(paymentsContract.order, { params: { orderId } }, { signal });
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: orderKey(orderId), queryFn: ({ signal }) => getOrder(orderId, signal) });

/** The order while `orderId` is given (its details are open). */
export function useOrder(orderId: string | null) {
  return useQuery({ ...orderQueryOptions(orderId ?? ''), enabled: Boolean(orderId) });
}

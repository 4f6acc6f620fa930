import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsContract, type OrdersList, type RouteInput } from '@lectern/contract';
import { apiBlob, apiCall } from '../../../lib/api-client';

export type OrdersQuery = Omit<NonNullable<RouteInput<typeof paymentsContract.orders>['query']>, 'format'>;

const ordersKeys = { lists: ['orders', 'list'] as const };

/** GET /payments/orders: a page of every order (from 0), newest first, with the totals of the filtered set. */
export function getOrders(query: OrdersQuery, signal?: AbortSignal): Promise<OrdersList> {
  return apiCall(paymentsContract.orders, { query }, { signal });
}

export const ordersQueryOptions = (query: OrdersQuery) =>
  queryOptions({ queryKey: [...ordersKeys.lists, query], queryFn: ({ signal }) => getOrders(query, signal) });

export function useOrders(query: OrdersQuery) {
  // another page or filter keeps the rows in sight while its answer comes
  return useQuery({ ...ordersQueryOptions(query), placeholderData: keepPreviousData });
}

/** GET /payments/orders?format=csv|xlsx: every order the filters match, as a file. */
export function getOrdersFile(query: OrdersQuery, format: 'csv' | 'xlsx'): Promise<Blob> {
  const { page: _page, size: _size, ...filters } = query;
  return apiBlob(paymentsContract.orders, { query: { ...filters, format } });
}

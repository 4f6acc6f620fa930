import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { couponsContract, type Coupon, type RouteInput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { couponKeys } from './coupon-keys';

export type CouponListQuery = NonNullable<RouteInput<typeof couponsContract.list>['query']>;

/** GET /publisher/coupon/user: the coupons with their status tags and uses, filtered by tag, type and name. */
export function getCoupons(query: CouponListQuery, signal?: AbortSignal): Promise<Coupon[]> {
  return apiCall(couponsContract.list, { query }, { signal });
}

export const couponsQueryOptions = (query: CouponListQuery) =>
  queryOptions({ queryKey: [...couponKeys.lists, query], queryFn: ({ signal }) => getCoupons(query, signal) });

export function useCoupons(query: CouponListQuery) {
  // another filter keeps the rows in sight while its answer comes
  return useQuery({ ...couponsQueryOptions(query), placeholderData: keepPreviousData });
}

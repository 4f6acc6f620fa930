import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type Coupon, type RouteInput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { couponKeys } from './coupon-keys';

export type CouponListQuery = NonNullable<RouteInput<typeof contract.coupons.list>['query']>;

/** GET /publisher/coupon/user: the coupons with their status tags and uses, filtered by tag, type and name. */
export function getCoupons(query: CouponListQuery, signal?: AbortSignal): Promise<Coupon[]> {
  return apiCall(contract.coupons.list, { query }, { signal });
}

export const couponsQueryOptions = (query: CouponListQuery) =>
  queryOptions({ queryKey: [...couponKeys.lists, query], queryFn: ({ signal }) => getCoupons(query, signal) });

export function useCoupons(query: CouponListQuery) {
  // another filter keeps the rows in sight while its answer comes
  return useQuery({ ...couponsQueryOptions(query), placeholderData: keepPreviousData });
}

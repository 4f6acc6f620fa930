import { queryOptions, useQuery } from '@tanstack/react-query';
import { couponsContract, type CouponHistoryEntry } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { couponKeys } from './coupon-keys';

/** GET /publisher/coupon/history/{id}: the coupon's changes, newest first, field by field with who and when. */
export function getCouponHistory(id: string, signal?: AbortSignal): Promise<CouponHistoryEntry[]> {
  return apiCall(couponsContract.history, { params: { id } }, { signal });
}

export const couponHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: couponKeys.history(id), queryFn: ({ signal }) => getCouponHistory(id, signal) });

export function useCouponHistory(id: string | null) {
  return useQuery({ ...couponHistoryQueryOptions(id ?? ''), enabled: id !== null });
}

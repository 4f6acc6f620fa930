import { useMutation } from '@tanstack/react-query';
import { couponsContract, type CouponTestResult } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';

export interface CouponCheckInput {
  couponName: string;
  storeListingId: string;
  mobileNumber: string;
}

/** The coupon tester's answer, or `null` when no coupon has that name. */
export type CouponCheck = CouponTestResult | null;

/**
 * The coupon as an order would use it, before the order is placed: the coupon is found by name
 * (GET /publisher/coupon/user?search=), then the coupon tester (GET /publisher/coupon/test/{id}) answers
 * with the rules the order's reservation uses: the price of each plan after it and every reason it
 * does not apply. Nothing is written.
 */
export async function checkCoupon(input: CouponCheckInput): Promise<CouponCheck> {
  const wanted = input.couponName.trim().toUpperCase();
  const found = await apiCall(couponsContract.list, { query: { search: input.couponName.trim() } });
  const coupon = found.find((candidate) => candidate.couponName.toUpperCase() === wanted);
  if (!coupon) return null;
  return apiCall(couponsContract.test, {
    params: { id: coupon.couponId },
    query: { storeListingId: input.storeListingId, mobileNumber: input.mobileNumber },
  });
}

/** 'Apply' asks once (a question, not a list to keep fresh): the dialog shows the answer or the failure itself. */
export function useCheckCoupon() {
  return useMutation({ mutationFn: checkCoupon, meta: { noSpinner: true, silentError: true } });
}

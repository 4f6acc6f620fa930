import { useMutation } from '@tanstack/react-query';
import { couponsContract, type CouponTestResult } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';

export interface CouponTestInput {
  couponId: string;
  storeListingId: string;
  mobileNumber: string;
}

/** GET /publisher/coupon/test/{id}: does the coupon apply to this listing for this student, and why not. Nothing is written. */
export function testCoupon(input: CouponTestInput): Promise<CouponTestResult> {
  return apiCall(couponsContract.test, {
    params: { id: input.couponId },
    query: { storeListingId: input.storeListingId, mobileNumber: input.mobileNumber },
  });
}

/**
 * The tester asks on 'Test' (a question, not a list to keep fresh): a mutation, with no spinner over
 * the page and no snackbar, since the panel shows the answer or the refusal itself.
 */
export function useTestCoupon() {
  return useMutation({ mutationFn: testCoupon, meta: { noSpinner: true, silentError: true } });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { couponsContract, type CreateCouponBody, type UpdateCouponBody } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { couponKeys } from './coupon-keys';

/**
 * POST /publisher/coupon: a new coupon. The drawer shows a refusal itself (with what was typed kept),
 * so no snackbar repeats it; the list reloads after the add (spec 2 §4).
 */
export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCouponBody) => {
      const result = await apiCallWithHeaders(couponsContract.create, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

/** PUT /publisher/coupon: the whole coupon at the version the editor saw; the list reloads after it (spec 2 §4). */
export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateCouponBody) => {
      const result = await apiCallWithHeaders(couponsContract.update, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    // a refusal reloads it too: a stale version (409) means someone else saved, and the drawer offers theirs
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

/** PUT /publisher/coupon/expire/{id}: expire a coupon now; the server's message shows, and the list reloads. */
export function useExpireCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const result = await apiCallWithHeaders(couponsContract.expire, { params: { id } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

import { couponsContract } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { couponKeys } from './coupon-keys';

/**
 * POST /publisher/coupon: a new coupon. The drawer shows a refusal itself (with what was typed kept),
 * so no snackbar repeats it; the list reloads after the add (spec 2 §4).
 */
export function useCreateCoupon() {
  return useRouteMutation(couponsContract.create, {
    meta: { serverMessage: true, silentError: true },
    invalidate: [couponKeys.all],
    invalidateOn: 'success',
  });
}

/**
 * PUT /publisher/coupon: the whole coupon at the version the editor saw; the list reloads after it,
 * a refusal included (spec 2 §4): a stale version means someone else saved, and the drawer offers theirs.
 */
export function useUpdateCoupon() {
  return useRouteMutation(couponsContract.update, {
    meta: { serverMessage: true, silentError: true },
    invalidate: [couponKeys.all],
  });
}

/** PUT /publisher/coupon/expire/{id}: expire a coupon now; the server's message shows, and the list reloads. */
export function useExpireCoupon() {
  return useRouteMutation(couponsContract.expire, {
    toInput: (id: string) => ({ params: { id } }),
    meta: { serverMessage: true },
    invalidate: [couponKeys.all],
  });
}

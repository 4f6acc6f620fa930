import { z } from 'zod';

import { COUPON_STATUSES, couponsContract } from '@lectern/contract';
import type { CouponListQuery } from '../api/get-coupons';

/** The table's URL prefix: ?coupons.q=diwali&coupons.status=ACTIVE&coupons.featured=true. */
export const COUPONS_URL_KEY = 'coupons';

/**
 * The filters of the coupon list, kept in the URL: the route's type, a status (the route takes one
 * tag, so FEATURED is a filter of its own), and two the page narrows by itself.
 */
export const COUPON_FILTERS = couponsContract.list.query.pick({ type: true }).extend({
  /** ACTIVE, SCHEDULED or EXPIRED (asked of the server) */
  status: z.enum(COUPON_STATUSES).optional(),
  /** 'true': featured coupons that are not expired (the FEATURED tag); 'false': the others */
  featured: z.enum(['true', 'false']).optional(),
  /** YYYY-MM-DD: only coupons whose last day is on or before it (the overview's 'expiring this week') */
  endsBy: z.iso.date().optional(),
});

export type CouponFilters = z.output<typeof COUPON_FILTERS>;

/** The rows the page shows of the server's: narrowed by featured and by the last day, which the server does not filter by. */
export function narrowCoupons<T extends { tags: readonly string[]; applicableUpto: string | null }>(
  rows: readonly T[],
  filters: Pick<CouponFilters, 'featured' | 'endsBy'>,
): T[] {
  const { featured, endsBy } = filters;
  return rows.filter(
    (coupon) =>
      (featured === undefined || coupon.tags.includes('FEATURED') === (featured === 'true')) &&
      (endsBy === undefined || (coupon.applicableUpto !== null && coupon.applicableUpto <= endsBy)),
  );
}

/**
 * The server's query for the chosen filters. The server filters by one tag, so a status goes there and
 * 'featured' alone asks for the FEATURED tag; with both, the page narrows the status's rows by featured.
 */
export function couponListQuery(filters: CouponFilters): CouponListQuery {
  const query: CouponListQuery = {};
  if (filters.status) query.status = filters.status;
  else if (filters.featured === 'true') query.status = 'FEATURED';
  if (filters.type) query.type = filters.type;
  return query;
}

import { useCallback, useMemo } from 'react';

import { COUPON_STATUSES, type CouponStatus } from '@lectern/contract';
import { tableParamNames } from '../../../components/data-table';
import type { CouponListQuery } from '../api/get-coupons';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

/** The table's URL prefix: ?coupons.q=diwali&coupons.status=ACTIVE&coupons.featured=true. */
export const COUPONS_URL_KEY = 'coupons';

/** The filters of the coupon list, each kept in the URL so a filtered list can be linked. */
export interface CouponFilters {
  /** ACTIVE, SCHEDULED or EXPIRED (asked of the server) */
  status: CouponStatus | null;
  /** 'true': featured coupons that are not expired (the FEATURED tag); 'false': the others */
  featured: 'true' | 'false' | null;
  /** percentage or flat coupons (asked of the server) */
  type: 'PERCENTAGE' | 'FLAT' | null;
  /** YYYY-MM-DD: only coupons whose last day is on or before it (the overview's 'expiring this week') */
  endsBy: string | null;
}

const PARAMS = {
  status: `${COUPONS_URL_KEY}.status`,
  featured: `${COUPONS_URL_KEY}.featured`,
  type: `${COUPONS_URL_KEY}.type`,
  endsBy: `${COUPONS_URL_KEY}.endsBy`,
} as const satisfies Record<keyof CouponFilters, string>;

const statusOf = (text: string | null): CouponStatus | null =>
  COUPON_STATUSES.find((status) => status === text) ?? null;
const flag = (text: string | null) => (text === 'true' || text === 'false' ? text : null);
const typeOf = (text: string | null) => (text === 'PERCENTAGE' || text === 'FLAT' ? text : null);
const dayOf = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null);

/** The rows the page shows of the server's: narrowed by featured and by the last day, which the server does not filter by. */
export function narrowCoupons<T extends { tags: readonly string[]; applicableUpto: string | null }>(
  rows: readonly T[],
  filters: Pick<CouponFilters, 'featured' | 'endsBy'>,
): T[] {
  return rows.filter(
    (coupon) =>
      (filters.featured === null || coupon.tags.includes('FEATURED') === (filters.featured === 'true')) &&
      (filters.endsBy === null || (coupon.applicableUpto !== null && coupon.applicableUpto <= filters.endsBy)),
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

export function useCouponFilters(): [CouponFilters, (change: Partial<CouponFilters>) => void, () => void] {
  const [params, setParams] = useUrlSearchParams();
  const status = params.get(PARAMS.status);
  const featured = params.get(PARAMS.featured);
  const type = params.get(PARAMS.type);
  const endsBy = params.get(PARAMS.endsBy);
  const filters = useMemo<CouponFilters>(
    () => ({ status: statusOf(status), featured: flag(featured), type: typeOf(type), endsBy: dayOf(endsBy) }),
    [status, featured, type, endsBy],
  );
  const change = useCallback(
    (next: Partial<CouponFilters>) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(next) as [keyof CouponFilters, string | null][]) {
            if (value) updated.set(PARAMS[key], value);
            else updated.delete(PARAMS[key]);
          }
          // another filter starts at the first page
          updated.delete(tableParamNames(COUPONS_URL_KEY).page);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(() => change({ status: null, featured: null, type: null, endsBy: null }), [change]);
  return [filters, change, clear];
}

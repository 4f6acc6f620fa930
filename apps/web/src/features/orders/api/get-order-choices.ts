import { useQuery } from '@tanstack/react-query';
import { cataloguesContract, couponsContract } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/**
 * GET /publisher/cataloguemanager/all?archived=all: every store listing (an archived catalogue's too:
 * its orders stay in the list), by name, to filter the orders by.
 */
export function useListingOptions() {
  return useQuery({
    queryKey: queryKeys.catalogueList('all'),
    queryFn: ({ signal }) => apiCall(cataloguesContract.list, { query: { archived: 'all' } }, { signal }),
    select: (catalogues) =>
      catalogues
        .flatMap((c) =>
          c.storeListingId ? [{ value: c.storeListingId, label: c.storeListingName ?? c.catalogueName }] : [],
        )
        .sort((a, b) => byName(a.label, b.label)),
  });
}

/** GET /publisher/coupon/user: every coupon's name, to filter the orders by. */
export function useCouponOptions() {
  return useQuery({
    queryKey: ['orders', 'coupon-names'],
    queryFn: ({ signal }) => apiCall(couponsContract.list, { query: {} }, { signal }),
    select: (coupons) =>
      coupons.map((c) => ({ value: c.couponName, label: c.couponName })).sort((a, b) => byName(a.label, b.label)),
  });
}

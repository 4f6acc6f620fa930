import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { storeListingsContract, type RouteInput, type StoreListingListItem } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { storeListingKeys } from './store-listing-keys';

export type StoreListingListQuery = NonNullable<RouteInput<typeof storeListingsContract.list>['query']>;

/** GET /publisher/storemanager/all: the listings, filtered by category, featured flags and publish state. */
export function getStoreListings(query: StoreListingListQuery, signal?: AbortSignal): Promise<StoreListingListItem[]> {
  return apiCall(storeListingsContract.list, { query }, { signal });
}

export const storeListingsQueryOptions = (query: StoreListingListQuery) =>
  queryOptions({
    queryKey: [...storeListingKeys.lists, query],
    queryFn: ({ signal }) => getStoreListings(query, signal),
  });

/** The listings for `query`; idle while `enabled` is false. */
export function useStoreListings(query: StoreListingListQuery, enabled = true) {
  // another filter keeps the rows in sight while its answer comes
  return useQuery({ ...storeListingsQueryOptions(query), placeholderData: keepPreviousData, enabled });
}

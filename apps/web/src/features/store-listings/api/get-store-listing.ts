import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeListingsContract, type StoreListing } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { storeListingKeys } from './store-listing-keys';

/** GET /publisher/storemanager/store/{storeId}: one listing with every field. */
export function getStoreListing(storeId: string, signal?: AbortSignal): Promise<StoreListing> {
  return apiCall(storeListingsContract.one, { params: { storeId } }, { signal });
}

export const storeListingQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: storeListingKeys.one(storeId),
    queryFn: ({ signal }) => getStoreListing(storeId, signal),
    // the editor holds what was loaded; 'Load latest' fetches afresh
    staleTime: Infinity,
  });

/** The listing being edited or previewed; idle while `storeId` is null (a new listing). */
export function useStoreListing(storeId: string | null) {
  return useQuery({ ...storeListingQueryOptions(storeId ?? ''), enabled: storeId !== null });
}

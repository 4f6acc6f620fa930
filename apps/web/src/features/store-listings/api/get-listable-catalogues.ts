import { useQuery } from '@tanstack/react-query';
import { storeListingsContract, type ListableCatalogue } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { storeListingKeys } from './store-listing-keys';

/**
 * GET /publisher/storemanager/course/all: the catalogues that can be listed (not archived, not listed
 * yet) with their subscriptions, add-ons and transcoded preview videos; editing, also the listing's own.
 */
export function getListableCatalogues(
  storeListingId: string | null,
  signal?: AbortSignal,
): Promise<ListableCatalogue[]> {
  return apiCall(
    storeListingsContract.listableCatalogues,
    { query: storeListingId ? { storeListingId } : {} },
    { signal },
  );
}

export function useListableCatalogues(storeListingId: string | null) {
  return useQuery({
    queryKey: storeListingKeys.listableCatalogues(storeListingId),
    queryFn: ({ signal }) => getListableCatalogues(storeListingId, signal),
  });
}

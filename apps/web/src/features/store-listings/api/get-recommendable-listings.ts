import { useQuery } from '@tanstack/react-query';
import { storeListingsContract, type RecommendedListing } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { storeListingKeys } from './store-listing-keys';

/** GET /publisher/storemanager/recommendation/storelisting/{id}: the listings listing {id} may recommend (never itself). */
export function getRecommendableListings(id: string, signal?: AbortSignal): Promise<RecommendedListing[]> {
  return apiCall(storeListingsContract.recommendations, { params: { id } }, { signal });
}

/** What a saved listing may recommend; idle for a new listing (it recommends from the whole list instead). */
export function useRecommendableListings(storeListingId: string | null) {
  return useQuery({
    queryKey: storeListingKeys.recommendable(storeListingId ?? ''),
    queryFn: ({ signal }) => getRecommendableListings(storeListingId ?? '', signal),
    enabled: storeListingId !== null,
  });
}

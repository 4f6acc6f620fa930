import { useInfiniteQuery } from '@tanstack/react-query';
import { CONSTANTS, filesContract, type ObjectListing, type ResourceTypeKey } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';

export const objectsQueryKey = (resourceType: ResourceTypeKey) => ['resource-picker', 'objects', resourceType] as const;

/** GET /file-explorer-service/cloud/objects: one page (50 keys) of a resource type's folder. */
export function getObjects(
  resourceType: ResourceTypeKey,
  continuationToken: string | undefined,
  signal?: AbortSignal,
): Promise<ObjectListing> {
  return apiCall(
    filesContract.objects,
    { query: { resourceType, maxKeys: CONSTANTS.storageListingMaxKeys, continuationToken } },
    { signal },
  );
}

/** The picker's listing, page by page: 'Load More...' asks for the next page with the continuation token. */
export function useObjects(resourceType: ResourceTypeKey, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: objectsQueryKey(resourceType),
    queryFn: ({ pageParam, signal }) => getObjects(resourceType, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.IsTruncated && last.NextContinuationToken ? last.NextContinuationToken : undefined,
    enabled,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { cataloguesContract, type CatalogueDetail } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /publisher/cataloguemanager/catalogue/{catalogueId}: one catalogue with every section. */
export function getCatalogue(catalogueId: string, signal?: AbortSignal): Promise<CatalogueDetail> {
  return apiCall(cataloguesContract.details, { params: { catalogueId } }, { signal });
}

export const catalogueQueryOptions = (catalogueId: string) =>
  queryOptions({
    queryKey: queryKeys.catalogue(catalogueId),
    queryFn: ({ signal }) => getCatalogue(catalogueId, signal),
    // the editor holds what was loaded: a refetch in the background would not reach the form anyway
    staleTime: Infinity,
  });

/** The catalogue being edited; idle while `catalogueId` is null (a new catalogue). */
export function useCatalogue(catalogueId: string | null) {
  return useQuery({ ...catalogueQueryOptions(catalogueId ?? ''), enabled: catalogueId !== null });
}

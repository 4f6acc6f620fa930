import { queryOptions, useQuery } from '@tanstack/react-query';
import { cataloguesContract, type CatalogueListItem, type RouteInput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The server's archived filter: 'false' active only, 'true' archived only, 'all'. */
export type ArchivedQuery = NonNullable<RouteInput<typeof cataloguesContract.list>['query']>['archived'] & string;

/** GET /publisher/cataloguemanager/all: every catalogue as a list item (derived durations, store link, lowest price). */
export function getCatalogues(archived: ArchivedQuery, signal?: AbortSignal): Promise<CatalogueListItem[]> {
  return apiCall(cataloguesContract.list, { query: { archived } }, { signal });
}

export const cataloguesQueryOptions = (archived: ArchivedQuery) =>
  queryOptions({
    queryKey: queryKeys.catalogueList(archived),
    queryFn: ({ signal }) => getCatalogues(archived, signal),
  });

export function useCatalogues(archived: ArchivedQuery) {
  return useQuery(cataloguesQueryOptions(archived));
}

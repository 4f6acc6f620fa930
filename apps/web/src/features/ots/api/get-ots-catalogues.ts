import { queryOptions, useQuery } from '@tanstack/react-query';
import { cataloguesContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type OtsCatalogues = RouteOutput<typeof cataloguesContract.otsCatalogues>;
/** One catalogue of the OTS manager, with its numbers of subscriptions and OTS products. */
export type OtsCatalogue = OtsCatalogues[number];

/** GET /publisher/otsmanager/catalogue/all: every catalogue with its subscription and OTS counts. */
export function getOtsCatalogues(signal?: AbortSignal): Promise<OtsCatalogues> {
  return apiCall(cataloguesContract.otsCatalogues, {}, { signal });
}

export const otsCataloguesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.otsCatalogues, queryFn: ({ signal }) => getOtsCatalogues(signal) });

export function useOtsCatalogues() {
  return useQuery(otsCataloguesQueryOptions());
}

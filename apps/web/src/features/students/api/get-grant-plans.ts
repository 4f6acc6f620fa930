import { queryOptions, useQuery } from '@tanstack/react-query';
import { cataloguesContract, type RouteOutput, type Subscription } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type Catalogues = RouteOutput<typeof cataloguesContract.otsCatalogues>;

/** GET /publisher/otsmanager/catalogue/all: the catalogues a plan can be granted from (archived ones included; the screen hides them). */
export function getGrantCatalogues(signal?: AbortSignal): Promise<Catalogues> {
  return apiCall(cataloguesContract.otsCatalogues, {}, { signal });
}

export const grantCataloguesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.otsCatalogues, queryFn: ({ signal }) => getGrantCatalogues(signal) });

/** The catalogues that are not archived, loaded while `enabled`. */
export function useGrantCatalogues(enabled: boolean) {
  return useQuery({
    ...grantCataloguesQueryOptions(),
    enabled,
    select: (catalogues) => catalogues.filter((catalogue) => !catalogue.archived),
  });
}

/** GET /publisher/otsmanager/subscription/catalogueid/{catalogueId}: a catalogue's plans. */
export function getGrantPlans(catalogueId: string, signal?: AbortSignal): Promise<Subscription[]> {
  return apiCall(cataloguesContract.otsSubscriptions, { params: { catalogueId } }, { signal });
}

export const grantPlansQueryOptions = (catalogueId: string) =>
  queryOptions({
    queryKey: queryKeys.otsSubscriptions(catalogueId),
    queryFn: ({ signal }) => getGrantPlans(catalogueId, signal),
  });

export function useGrantPlans(catalogueId: string | null) {
  return useQuery({ ...grantPlansQueryOptions(catalogueId ?? ''), enabled: Boolean(catalogueId) });
}

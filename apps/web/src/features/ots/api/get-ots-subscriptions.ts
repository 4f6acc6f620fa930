import { queryOptions, useQuery } from '@tanstack/react-query';
import { cataloguesContract, type Subscription } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /publisher/otsmanager/subscription/catalogueid/{catalogueId}: a catalogue's subscriptions with their OTS products. */
export function getOtsSubscriptions(catalogueId: string, signal?: AbortSignal): Promise<Subscription[]> {
  return apiCall(cataloguesContract.otsSubscriptions, { params: { catalogueId } }, { signal });
}

export const otsSubscriptionsQueryOptions = (catalogueId: string) =>
  queryOptions({
    queryKey: queryKeys.otsSubscriptions(catalogueId),
    queryFn: ({ signal }) => getOtsSubscriptions(catalogueId, signal),
  });

/** The subscriptions of `catalogueId`; idle while it is null. */
export function useOtsSubscriptions(catalogueId: string | null) {
  return useQuery({ ...otsSubscriptionsQueryOptions(catalogueId ?? ''), enabled: Boolean(catalogueId) });
}

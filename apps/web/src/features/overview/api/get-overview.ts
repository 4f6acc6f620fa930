import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';

export type OverviewSummary = RouteOutput<typeof overviewContract.summary>;

/** GET /overview/summary: the figures for the signed-in user's roles. */
export function getOverview(signal?: AbortSignal): Promise<OverviewSummary> {
  return apiCall(overviewContract.summary, {}, { signal });
}

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: ['overview', 'summary'], queryFn: ({ signal }) => getOverview(signal) });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}

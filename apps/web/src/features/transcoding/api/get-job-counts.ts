import { queryOptions, useQuery } from '@tanstack/react-query';
import { transcodingContract, type JobCounts, type TranscodingEnvironment } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';

export const transcodingQueryKey = ['transcoding'] as const;

/** How often the tab counts are read again. */
export const COUNTS_REFRESH_MS = 5_000;

/** GET /transcoding/counts: how many rows each of the manager's tabs holds. */
export function getJobCounts(environment: TranscodingEnvironment, signal?: AbortSignal): Promise<JobCounts> {
  return apiCall(transcodingContract.counts, { query: { environment } }, { signal });
}

export const jobCountsQueryOptions = (environment: TranscodingEnvironment) =>
  queryOptions({
    queryKey: [...transcodingQueryKey, 'counts', environment],
    queryFn: ({ signal }) => getJobCounts(environment, signal),
    refetchInterval: COUNTS_REFRESH_MS,
    meta: { background: true },
  });

export function useJobCounts(environment: TranscodingEnvironment | undefined) {
  return useQuery({ ...jobCountsQueryOptions(environment ?? 'development'), enabled: environment !== undefined });
}

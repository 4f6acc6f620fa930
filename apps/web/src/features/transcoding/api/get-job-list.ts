import { useInfiniteQuery } from '@tanstack/react-query';
import {
  transcodingContract,
  type JobList,
  type JobListName,
  type JobListQuery,
  type VideoType,
} from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { transcodingQueryKey } from './get-job-counts';

/** Where a tab's rows come from: the videos waiting for a (re-)transcode, or one of the job lists. */
export type JobListSource = { kind: 'videos'; videoType: VideoType } | { kind: 'jobs'; list: JobListName };

/**
 * The first page of a list, or with `nextToken` the page after it (the 'additional' routes):
 * videos/to-be-transcoded/{videoType}[/additional] or /transcoding/jobs/{list}[/additional].
 */
export function getJobList(
  source: JobListSource,
  query: JobListQuery,
  nextToken: string | undefined,
  signal?: AbortSignal,
): Promise<JobList> {
  const options = { signal };
  if (source.kind === 'videos') {
    const params = { videoType: source.videoType };
    return nextToken
      ? apiCall(transcodingContract.videosToBeTranscodedNext, { params, query: { ...query, nextToken } }, options)
      : apiCall(transcodingContract.videosToBeTranscoded, { params, query }, options);
  }
  const params = { list: source.list };
  return nextToken
    ? apiCall(transcodingContract.jobsNext, { params, query: { ...query, nextToken } }, options)
    : apiCall(transcodingContract.jobs, { params, query }, options);
}

export const jobListQueryKey = (source: JobListSource, query: JobListQuery) =>
  [...transcodingQueryKey, 'list', source, query] as const;

/**
 * A tab's rows, page by page: 'Load more' fetches the next page with the NextToken of the last one.
 * `refetchMs` re-reads the loaded pages on a timer (the running tab, so progress moves on its own).
 */
export function useJobList(
  source: JobListSource,
  query: JobListQuery,
  { enabled = true, refetchMs }: { enabled?: boolean; refetchMs?: number } = {},
) {
  return useInfiniteQuery({
    queryKey: jobListQueryKey(source, query),
    queryFn: ({ pageParam, signal }) => getJobList(source, query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.NextToken ?? undefined,
    enabled,
    refetchInterval: refetchMs ?? false,
    meta: refetchMs ? { background: true } : undefined,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONSTANTS, filesContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { transcodingQueryKey } from './get-job-counts';

export type RecordingsPage = RouteOutput<typeof filesContract.recordings>;

const QUERY = {
  page: CONSTANTS.recordingsPage.page,
  size: CONSTANTS.recordingsPage.size,
  sort: CONSTANTS.recordingsPage.sort,
};

/** GET /batch/live-class-recording?page=0&size=10000&sort=ASC: live-class recordings (spec 2 §7, §9). */
export function getRecordings(signal?: AbortSignal): Promise<RecordingsPage> {
  return apiCall(filesContract.recordings, { query: QUERY }, { signal });
}

export const recordingsQueryOptions = () =>
  queryOptions({
    queryKey: [...transcodingQueryKey, 'recordings', QUERY.page, QUERY.size, QUERY.sort],
    queryFn: ({ signal }) => getRecordings(signal),
  });

export function useRecordings() {
  return useQuery(recordingsQueryOptions());
}

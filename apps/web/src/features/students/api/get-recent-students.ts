import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentsContract, type RecentStudents } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /students/student/recent: the newest students and the newest orders. */
export function getRecentStudents(signal?: AbortSignal): Promise<RecentStudents> {
  return apiCall(studentsContract.recent, {}, { signal });
}

export const recentStudentsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.recentStudents, queryFn: ({ signal }) => getRecentStudents(signal) });

/** What Student Management shows before anything is typed; fetched only while it shows. */
export function useRecentStudents(enabled: boolean) {
  return useQuery({ ...recentStudentsQueryOptions(), enabled });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { liveClassesContract, type LiveClass, type ScheduleQuery } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { liveClassKeys } from './live-class-keys';

/** GET /batch/live-schedule/{instructorId}: an instructor's classes by start time ('all' for admins), narrowed by the query. */
export function getSchedule(instructorId: string, query: ScheduleQuery, signal?: AbortSignal): Promise<LiveClass[]> {
  return apiCall(liveClassesContract.schedule, { params: { instructorId }, query }, { signal });
}

export function useSchedule(instructorId: string | null, query: ScheduleQuery, enabled = true) {
  return useQuery({
    queryKey: liveClassKeys.schedule(instructorId ?? '', query),
    queryFn: ({ signal }) => getSchedule(instructorId ?? '', query, signal),
    enabled: enabled && instructorId !== null,
    // another week or filter keeps the classes in sight while its answer comes
    placeholderData: keepPreviousData,
  });
}

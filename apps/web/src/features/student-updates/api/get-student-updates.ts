import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  studentUpdatesContract,
  type StudentUpdate,
  type StudentUpdateState,
  type StudentUpdateType,
} from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { studentUpdateKeys } from './student-update-keys';

/** GET /notifications/notifications/getupdates/{updateType}: one type's updates, newest first, by state. */
export function getStudentUpdates(
  updateType: StudentUpdateType,
  state: StudentUpdateState | null,
  signal?: AbortSignal,
): Promise<StudentUpdate[]> {
  return apiCall(studentUpdatesContract.byType, { params: { updateType }, query: state ? { state } : {} }, { signal });
}

export const studentUpdatesQueryOptions = (updateType: StudentUpdateType, state: StudentUpdateState | null) =>
  queryOptions({
    queryKey: studentUpdateKeys.list(updateType, state),
    queryFn: ({ signal }) => getStudentUpdates(updateType, state, signal),
  });

export function useStudentUpdates(updateType: StudentUpdateType, state: StudentUpdateState | null) {
  // another state keeps the rows in sight while its answer comes (another type starts afresh)
  return useQuery({
    ...studentUpdatesQueryOptions(updateType, state),
    placeholderData: (previous, query) =>
      query && previous && query.queryKey[2] === updateType ? keepPreviousData(previous) : undefined,
  });
}

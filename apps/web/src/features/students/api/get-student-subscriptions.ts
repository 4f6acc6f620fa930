import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentsContract, type StudentSubscription } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /students/subscription/studentid/{studentId}: the student's subscriptions, newest first. */
export function getStudentSubscriptions(studentId: string, signal?: AbortSignal): Promise<StudentSubscription[]> {
  return apiCall(studentsContract.subscriptions, { params: { studentId } }, { signal });
}

export const studentSubscriptionsQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: queryKeys.studentSubscriptions(studentId),
    queryFn: ({ signal }) => getStudentSubscriptions(studentId, signal),
  });

export function useStudentSubscriptions(studentId: string | undefined) {
  return useQuery({ ...studentSubscriptionsQueryOptions(studentId ?? ''), enabled: Boolean(studentId) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentsContract, type Student } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /students/student/info?mobileNumber=: the student with that number; 404 when there is none. */
export function getStudent(mobileNumber: string, signal?: AbortSignal): Promise<Student> {
  return apiCall(studentsContract.info, { query: { mobileNumber } }, { signal });
}

export const studentQueryOptions = (mobileNumber: string) =>
  queryOptions({
    queryKey: queryKeys.studentByMobile(mobileNumber),
    queryFn: ({ signal }) => getStudent(mobileNumber, signal),
  });

/** The student with `mobileNumber`; idle until a full 10-digit number is given. */
export function useStudent(mobileNumber: string | null) {
  return useQuery({ ...studentQueryOptions(mobileNumber ?? ''), enabled: mobileNumber !== null });
}

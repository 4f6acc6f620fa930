import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  STUDENT_SEARCH_MIN_LENGTH,
  STUDENT_SEARCH_PAGE_SIZE,
  studentsContract,
  type StudentSearchPage,
} from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /students/student/search?q=&page=&size=: students by name, mobile, e-mail, order id or invoice number. */
export function searchStudents(q: string, page: number, signal?: AbortSignal): Promise<StudentSearchPage> {
  return apiCall(studentsContract.search, { query: { q, page, size: STUDENT_SEARCH_PAGE_SIZE } }, { signal });
}

export const studentSearchQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.studentSearch(q, page),
    queryFn: ({ signal }) => searchStudents(q, page, signal),
  });

/** The students matching `q`; idle below 2 characters. The previous answer stays while the next loads. */
export function useStudentSearch(q: string, page: number) {
  return useQuery({
    ...studentSearchQueryOptions(q, page),
    enabled: q.length >= STUDENT_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

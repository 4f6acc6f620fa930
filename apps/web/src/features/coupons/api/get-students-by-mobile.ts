import { useQueries } from '@tanstack/react-query';
import { studentsContract } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';

/** What the console knows of a number: the student holding it, none (404), or not yet (loading or failed). */
export type MobileCheck = { state: 'student'; name: string } | { state: 'unknown' } | { state: 'checking' | 'failed' };

/**
 * GET /students/student/info for each number (cached under the student lookup's own key): the coupon
 * form names the student behind each number, and flags a number no student holds before the save does.
 */
export function useMobileChecks(numbers: readonly string[]): Map<string, MobileCheck> {
  const results = useQueries({
    queries: numbers.map((mobileNumber) => ({
      queryKey: queryKeys.studentByMobile(mobileNumber),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiCall(studentsContract.info, { query: { mobileNumber } }, { signal }),
      meta: { background: true },
    })),
  });
  return new Map(
    numbers.map((number, index): [string, MobileCheck] => {
      const result = results[index];
      if (result?.data) return [number, { state: 'student', name: result.data.name }];
      if (result?.isError) {
        return [
          number,
          isApiError(result.error) && result.error.status === 404 ? { state: 'unknown' } : { state: 'failed' },
        ];
      }
      return [number, { state: 'checking' }];
    }),
  );
}

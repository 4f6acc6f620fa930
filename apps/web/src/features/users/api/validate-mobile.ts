import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type MobileCheck = RouteOutput<typeof usersContract.validateMobile>;

/** GET /users/user/validate/{mobileNumber}: whether a number is well formed and who holds it. */
export function validateMobile(mobileNumber: string, signal?: AbortSignal): Promise<MobileCheck> {
  return apiCall(usersContract.validateMobile, { params: { mobileNumber } }, { signal });
}

export const mobileCheckQueryOptions = (mobileNumber: string) =>
  queryOptions({
    queryKey: [...queryKeys.users, 'validate', mobileNumber],
    queryFn: ({ signal }) => validateMobile(mobileNumber, signal),
    // the field shows its own progress: no bar across the top of the window
    meta: { background: true },
    staleTime: 10_000,
  });

/** The check of `mobileNumber`; idle while it is null. */
export function useMobileCheckQuery(mobileNumber: string | null) {
  return useQuery({ ...mobileCheckQueryOptions(mobileNumber ?? ''), enabled: mobileNumber !== null });
}

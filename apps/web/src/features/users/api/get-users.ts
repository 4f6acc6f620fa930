import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONSTANTS, usersContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type UsersPage = RouteOutput<typeof usersContract.listInternal>;
/** One staff user as the list gives it. */
export type UserRow = UsersPage['content'][number];

/** GET /users/user/internal/all?page=0&size=1000: the staff users (spec 2 §7, spec 1 §9). */
export function getInternalUsers(signal?: AbortSignal): Promise<UsersPage> {
  return apiCall(usersContract.listInternal, { query: { ...CONSTANTS.usersPage } }, { signal });
}

export const internalUsersQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.users, 'internal', CONSTANTS.usersPage.page, CONSTANTS.usersPage.size],
    queryFn: ({ signal }) => getInternalUsers(signal),
  });

export function useInternalUsers() {
  return useQuery(internalUsersQueryOptions());
}

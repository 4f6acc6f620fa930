import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersContract, type RouteOutput } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type RoleList = RouteOutput<typeof usersContract.listRoles>;

/** GET /users/role/all: every role a staff user can hold. */
export function getRoles(signal?: AbortSignal): Promise<RoleList> {
  return apiCall(usersContract.listRoles, {}, { signal });
}

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.users, 'roles'],
    queryFn: ({ signal }) => getRoles(signal),
    // the role list changes with a release, not while a page is open
    staleTime: Infinity,
  });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}

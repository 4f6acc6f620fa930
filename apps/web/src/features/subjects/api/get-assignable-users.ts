import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersContract, type Role, type User } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /users/user/role/{role}: active users holding a role, to assign to a subject. */
export function getAssignableUsers(role: Role, signal?: AbortSignal): Promise<User[]> {
  return apiCall(usersContract.listByRole, { params: { role } }, { signal });
}

export const assignableUsersQueryOptions = (role: Role) =>
  queryOptions({
    queryKey: queryKeys.assignableUsers(role),
    queryFn: ({ signal }) => getAssignableUsers(role, signal),
  });

export function useAssignableUsers(role: Role, enabled = true) {
  return useQuery({ ...assignableUsersQueryOptions(role), enabled });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersContract, type RouteInput } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type CreateUserInput = RouteInput<typeof usersContract.create>['body'];
export type UpdateUserInput = RouteInput<typeof usersContract.update>['body'];

/**
 * POST /users/user: create a staff user. The server's message ("User 'X' was created.") is shown on
 * success; failures show the server's message as a snackbar (the drawer shows it too).
 */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateUserInput) => {
      const result = await apiCallWithHeaders(usersContract.create, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

/**
 * PUT /users/user: update a staff user at the version the editor saw. A stale version answers 409
 * and the list is reloaded so the newer values are at hand; deactivating ends the user's sessions.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateUserInput) => {
      const result = await apiCallWithHeaders(usersContract.update, { body });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

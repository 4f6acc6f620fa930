import { usersContract, type RouteInput } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateUserInput = RouteInput<typeof usersContract.update>['body'];

/**
 * POST /users/user: create a staff user. The server's message ("User 'X' was created.") is shown on
 * success; failures show the server's message as a snackbar (the drawer shows it too).
 */
export function useCreateUser() {
  return useRouteMutation(usersContract.create, { meta: { serverMessage: true }, invalidate: [queryKeys.users] });
}

/**
 * PUT /users/user: update a staff user at the version the editor saw. A stale version answers 409
 * and the list is reloaded so the newer values are at hand; deactivating ends the user's sessions.
 */
export function useUpdateUser() {
  return useRouteMutation(usersContract.update, {
    toInput: (body: UpdateUserInput) => ({ body }),
    meta: { serverMessage: true },
    invalidate: [queryKeys.users],
  });
}

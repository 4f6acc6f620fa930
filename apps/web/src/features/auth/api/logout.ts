import { authContract } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { clearSession } from '../../../lib/session';

/** POST /auth/logout, then forget the session whatever the answer: signing out must always work locally. */
export function useLogout() {
  return useRouteMutation(authContract.logout, {
    toInput: (_: void) => ({}),
    meta: { silentError: true },
    onSettled: () => clearSession(),
  });
}

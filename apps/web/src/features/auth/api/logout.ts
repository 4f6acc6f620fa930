import { useQueryClient } from '@tanstack/react-query';
import { authContract } from '@lectern/contract';
import { signingOutEnded, signingOutStarted } from '../../../lib/api-client';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { clearSession } from '../../../lib/session';

/**
 * POST /auth/logout, then forget the session whatever the answer: signing out must always work
 * locally. Calls under way are cancelled and no other call leaves until the session is forgotten, so
 * none reaches the server after it ended the session (a 401 the browser would log).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useRouteMutation(authContract.logout, {
    toInput: (_: void) => ({}),
    meta: { silentError: true },
    onMutate: async () => {
      signingOutStarted(authContract.logout);
      await queryClient.cancelQueries();
    },
    onSettled: () => {
      clearSession();
      signingOutEnded();
    },
  });
}

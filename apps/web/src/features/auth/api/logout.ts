import { useMutation } from '@tanstack/react-query';
import { authContract } from '@lectern/contract';
import { apiCall } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** POST /auth/logout, then forget the session whatever the answer: signing out must always work locally. */
export async function logout(): Promise<void> {
  try {
    await apiCall(authContract.logout);
  } finally {
    clearSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout, meta: { silentError: true } });
}
